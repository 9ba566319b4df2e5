import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { AppModal } from '../../components/AppModal';
import { QueryError } from '../../components/QueryError';
import { CHANNEL_LABELS, STATUS_LABELS } from '../../../shared/contracts/communication';
import { useCommunication } from './api';
import { STATUS_COLORS, when } from './logFormat';

/**
 * One message as it was sent, its plain-text part: every email has one, and text cannot act on
 * the page whatever the email held. Secret links come already cut out.
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
          {m.reason && (
            <Alert color={m.status === 'failed' ? 'red' : 'yellow'} variant="light">
              <Text size="sm" fw={700}>{m.status === 'failed' ? 'Not delivered' : 'Waiting to be tried again'}</Text>
              <Text size="sm">{m.reason}</Text>
            </Alert>
          )}
          {m.attachments.length > 0 && <Text size="sm"><b>Attachments:</b> {m.attachments.join(', ')}</Text>}
          <Paper withBorder radius="md" p="md" component="article" aria-label="The message">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.text}</Text>
          </Paper>
          <Text size="xs" c="dimmed">Links that open an account, a payment or an unsubscribe are removed from the log.</Text>
        </Stack>
      )}
    </AppModal>
  );
}
