import { Stack } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { LinkCardGrid } from '../../components/LinkCardGrid';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { useReportCards } from './useReportCards';

/** /reportings (and /reports/all): the reports this user may open, as cards that lead to each. */
export default function ReportsHubPage() {
  const { cards } = useReportCards();
  return (
    <Stack gap="lg">
      <PageHeader title="Reports & Info" subtitle="The reports you can open. Pick one to see its figures." />
      {cards.length === 0 ? (
        <EmptyCard icon={<IconReportAnalytics size={28} />} title="No reports" description="There are no reports for your account yet." />
      ) : (
        <LinkCardGrid cards={cards.map((card) => ({ ...card, key: card.slug }))} />
      )}
    </Stack>
  );
}
