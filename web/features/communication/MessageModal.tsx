import { Alert, Badge, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { AppModal } from '../../components/AppModal';
import { QueryError } from '../../components/QueryError';
import { CHANNEL_LABELS, STATUS_LABELS } from '../../../shared/contracts/communication';
import { useCommunication } from './api';
import { STATUS_COLORS, when } from './logFormat';

/**
 * One message as it was sent. The HTML sits in a sandboxed frame (no scripts, no same origin):
 * whatever an email holds, it cannot act on the page. Secret links come already cut out.
 */
export function MessageModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useCommunication(id);
  const m = message.data;
  return (
    <AppModal opened={id !== null} onClose={onClose} title={m?.subject ?? 'Message'} size="xl">
      {message.isError ? (
        <QueryError error={message.error} onRetry={() => void message.refetch()} title="Could not load the message" />
      ) : !m ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the message"><Skeleton h={20} /><Skeleton h={240} /></Stack>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm"><b>To:</b> {m.person ? `${m.person.first_name} ${m.person.last_name} ` : ''}&lt;{m.to}&gt;</Text>
            <Text size="sm"><b>Date:</b> {when(m.date)}</Text>
            <Text size="sm"><b>Channel:</b> {CHANNEL_LABELS[m.channel]}</Text>
            <Group gap={6}><Text size="sm" fw={700}>Status:</Text><Badge variant="dot" color={STATUS_COLORS[m.status]} tt="none">{STATUS_LABELS[m.status]}</Badge></Group>
          </SimpleGrid>
          {m.reason && <Alert color={m.status === 'failed' ? 'red' : 'yellow'} variant="light" title={m.status === 'failed' ? 'Not delivered' : 'Waiting to be tried again'}>{m.reason}</Alert>}
          {m.attachments.length > 0 && <Text size="sm"><b>Attachments:</b> {m.attachments.join(', ')}</Text>}
          <iframe
            title={`The message: ${m.subject}`}
            sandbox=""
            srcDoc={m.html}
            style={{ width: '100%', minHeight: 360, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#fff' }}
          />
          <Text size="xs" c="dimmed">Links that open an account, a payment or an unsubscribe are removed from the log.</Text>
        </Stack>
      )}
    </AppModal>
  );
}
