import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { HelpArticleView } from './HelpArticleView';
import { HelpSearch } from './HelpSearch';

/** /help: the reader's articles with a search; `?article=slug` opens one (a link that can be shared or bookmarked). */
export default function HelpPage() {
  const [params, setParams] = useSearchParams();
  const slug = params.get('article');
  return (
    <Stack gap="lg">
      <PageHeader title="Help" subtitle="How to do things in Cadenza, written for your role." />
      {slug ? (
        <HelpArticleView slug={slug} onBack={() => setParams({})} />
      ) : (
        <HelpSearch onOpen={(next) => setParams({ article: next })} />
      )}
    </Stack>
  );
}
