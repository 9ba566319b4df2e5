import { Alert, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileExport, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DATA_EXPORT_KEEP_DAYS, DATA_EXPORT_MESSAGES as M, DATA_EXPORT_ROUTES, exportScopeOf, exportSizeText, type DataExport, type DataExportScope,
} from '../../../shared/contracts/data-export';
import { pathOf } from '../../../shared/contracts/route';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { notifyError } from '../../lib/notify';
import { useRequiredSession } from '../../lib/useSession';
import { useLatestExport, useStartExport } from './api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const WORDS: Record<DataExportScope, { title: string; about: string }> = {
  school: {
    title: "Export your school's data",
    about: `Everything of your school in one .zip file: a spreadsheet (CSV) for each kind of record, from members and lessons to invoices, payroll and the communication log, with every uploaded file and a README that explains the columns. No card numbers are ever in it. The file stays ready to download for ${DATA_EXPORT_KEEP_DAYS} days.`,
  },
  mine: {
    title: 'Export your data',
    about: `Your own records in one .zip file (a parent's holds their children's too): lessons and attendance, invoices and payments, practice, courses, orders and messages, with a README that explains the columns. The file stays ready to download for ${DATA_EXPORT_KEEP_DAYS} days.`,
  },
};

function ExportStatus({ exported, onStart, starting }: { exported: DataExport | null; onStart: () => void; starting: boolean }) {
  const [downloading, setDownloading] = useState(false);
  const startButton = (label: string, variant: 'filled' | 'default') => (
    <Button variant={variant} leftSection={<IconFileExport size={16} />} onClick={onStart} loading={starting}>
      {label}
    </Button>
  );
  if (!exported) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">You have not made an export yet.</Text>
        {startButton('Start export', 'filled')}
      </Stack>
    );
  }
  if (exported.status === 'pending' || exported.status === 'running') {
    return (
      <Stack gap="xs">
        <Text size="sm" role="status">
          {exported.status === 'pending' ? 'Your export is waiting to start…' : `Preparing your export… ${exported.percent}%`}
        </Text>
        <Progress.Root size="lg" radius="sm">
          <Progress.Section value={exported.percent} aria-label="Export progress" animated />
        </Progress.Root>
        <Text size="xs" c="dimmed">You may leave this page: the export goes on, and its download waits here.</Text>
      </Stack>
    );
  }
  if (exported.status === 'failed') {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" title="The export failed" role="alert" w="100%">
          {exported.error ?? M.failed}
        </Alert>
        <Button leftSection={<IconRefresh size={16} />} onClick={onStart} loading={starting}>
          Try again
        </Button>
      </Stack>
    );
  }
  const expired = exported.expiresAt !== null && new Date(exported.expiresAt).getTime() <= Date.now();
  if (expired) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{M.expired}</Text>
        {startButton('Start export', 'filled')}
      </Stack>
    );
  }
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(pathOf(DATA_EXPORT_ROUTES.file, { id: exported._id }), exported.fileName);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm" role="status" style={{ overflowWrap: 'anywhere' }}>
        Your export is ready: {exported.fileName}
        {exported.sizeBytes !== null ? ` (${exportSizeText(exported.sizeBytes)})` : ''}, made {when(exported.finishedAt ?? exported.createdAt)}.
        {exported.expiresAt ? ` Available until ${when(exported.expiresAt)}.` : ''}
      </Text>
      <Group gap="sm">
        <Button leftSection={<IconDownload size={16} />} onClick={() => void download()} loading={downloading}>
          Download export
        </Button>
        {startButton('Start a new export', 'default')}
      </Group>
    </Stack>
  );
}

/**
 * Asks for an export of `scope` (the school's on its admin's Schedule settings, their own on a
 * student's or parent's profile), follows the job's progress and downloads the archive with the
 * session (decision 092). Renders nothing for a person who may not export that scope.
 */
export function DataExportCard({ scope }: { scope: DataExportScope }) {
  const { user } = useRequiredSession();
  const allowed = exportScopeOf(user.role) === scope;
  const latest = useLatestExport(allowed);
  const start = useStartExport();
  if (!allowed) return null;
  const words = WORDS[scope];
  const onStart = () => start.mutate(scope, { onError: (error) => notifyError(errorMessage(error)) });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="data-export-title">
      <Title id="data-export-title" order={2} size="h3" mb="xs">
        {words.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {words.about}
      </Text>
      {latest.isPending ? (
        <Skeleton h={60} role="status" aria-label="Loading your export" />
      ) : latest.isError ? (
        <QueryError error={latest.error} onRetry={() => void latest.refetch()} title="Could not load your export" />
      ) : (
        <ExportStatus exported={latest.data} onStart={onStart} starting={start.isPending} />
      )}
    </Card>
  );
}
