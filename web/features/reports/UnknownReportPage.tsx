import { Button, Stack } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { useReportCards } from './useReportCards';

/** /reports/{slug} for a slug that names no report this user may open (known ones are routed to their report). */
export default function UnknownReportPage() {
  const { hubPath } = useReportCards();
  return (
    <Stack gap="lg">
      <PageHeader title="Reports" />
      <EmptyCard
        icon={<IconFileUnknown size={28} />}
        title="Report not found"
        description="There is no such report, or it is not one you can open."
      >
        {hubPath && (
          <Button component={Link} to={hubPath} variant="default" mt="md">
            See all reports
          </Button>
        )}
      </EmptyCard>
    </Stack>
  );
}
