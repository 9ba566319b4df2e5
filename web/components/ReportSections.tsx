import { Button, Card, Skeleton, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';

/** A report's "Export CSV" action: the same filters as the table, refused while the range is wrong. */
export function ExportCsvButton({ onClick, loading, disabled }: { onClick: () => void; loading: boolean; disabled: boolean }) {
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onClick} loading={loading} disabled={disabled}>
      Export CSV
    </Button>
  );
}

/**
 * A report's "By month" chart, only when the report has rows. The chart is a lazy chunk
 * (the charting library is large), so a skeleton holds its place while it loads.
 */
export function MonthlyChartCard({ titleId, rowCount, children }: { titleId: string; rowCount: number | undefined; children: ReactNode }) {
  if (!rowCount) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title id={titleId} order={2} size="h4" mb="md">
        By month
      </Title>
      <Suspense fallback={<Skeleton h={260} />}>{children}</Suspense>
    </Card>
  );
}
