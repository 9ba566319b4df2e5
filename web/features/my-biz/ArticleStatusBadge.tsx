import { Badge } from '@mantine/core';

/** Published or Draft (dark text on the light colour, for contrast). */
export function ArticleStatusBadge({ published }: { published: boolean }) {
  return <Badge variant="light" color={published ? 'green' : 'gray'} c="dark.7" tt="none">{published ? 'Published' : 'Draft'}</Badge>;
}
