import { Anchor, AspectRatio, Box, Group, List, Stack, Text, Title, Typography } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { embedUrlOf, parseVideoUrl } from '../../../shared/contracts/courses';
import type { BizArticle } from '../../../shared/contracts/my-biz';
import { AttachedFiles } from '../library';
import { ArticleStatusBadge } from './ArticleStatusBadge';

/**
 * An article as schools read it. The body is HTML the server sanitised before storing it; the
 * video only ever YouTube's no-cookie or Vimeo's do-not-track player, from a checked link.
 */
export function ArticleView({ article, showStatus = false }: { article: BizArticle; showStatus?: boolean }) {
  const video = article.videoUrl ? parseVideoUrl(article.videoUrl) : null;
  return (
    <Stack gap="md" component="article" aria-labelledby={`article-${article._id}`}>
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" c="dimmed">{article.categoryName}</Text>
          {showStatus && <ArticleStatusBadge published={article.published} />}
        </Group>
        <Title order={2} id={`article-${article._id}`}>{article.title}</Title>
        {article.summary && <Text c="dimmed">{article.summary}</Text>}
      </Stack>
      {article.body && (
        <Typography>
          <Box dangerouslySetInnerHTML={{ __html: article.body }} />
        </Typography>
      )}
      {video && (
        <AspectRatio ratio={16 / 9} maw={720}>
          <iframe src={embedUrlOf(video)} title={`Video: ${article.title}`} referrerPolicy="strict-origin-when-cross-origin"
            allow="encrypted-media; picture-in-picture; fullscreen" allowFullScreen style={{ border: 0, borderRadius: 8 }} />
        </AspectRatio>
      )}
      {article.links.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Links">
          <Text fw={600}>Links</Text>
          <List listStyleType="none" spacing="xs">
            {article.links.map((link) => (
              <List.Item key={`${link.label}-${link.url}`}>
                <Anchor href={link.url} target="_blank" rel="noopener noreferrer nofollow">
                  <Group gap={4} component="span">{link.label}<IconExternalLink size={14} aria-hidden /></Group>
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <AttachedFiles files={article.attachments} />
    </Stack>
  );
}
