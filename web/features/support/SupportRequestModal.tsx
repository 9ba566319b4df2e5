import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CATEGORY_LABELS } from '../../../shared/contracts/support';
import { AppModal } from '../../components/AppModal';
import { QueryError } from '../../components/QueryError';
import { fullName } from '../../lib/format';
import { useSupportRequest } from './api';
import { AnswerForm } from './AnswerForm';
import { when } from './format';
import { SupportStatusBadge } from './SupportStatusBadge';

const textStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** One request with its answers, oldest first; the provider also writes the next answer here. */
export function SupportRequestModal({ id, onClose, answerable }: { id: string | null; onClose: () => void; answerable: boolean }) {
  const request = useSupportRequest(id);
  const r = request.data;
  return (
    <AppModal opened={id !== null} onClose={onClose} title={r?.subject ?? 'Support request'} size="lg">
      {request.isError ? (
        <QueryError error={request.error} onRetry={() => void request.refetch()} title="Could not load the request" />
      ) : !r ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the request"><Skeleton h={20} /><Skeleton h={160} /></Stack>
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <SupportStatusBadge status={r.status} />
            <Badge variant="light" color="gray" tt="none">{CATEGORY_LABELS[r.category]}</Badge>
            <Text size="sm" c="dimmed">{when(r.createdAt)}</Text>
          </Group>
          {answerable && (
            <Text size="sm"><b>From:</b> {fullName(r.sender)}{r.schoolName ? `, ${r.schoolName}` : ''}</Text>
          )}
          <Paper withBorder radius="md" p="md" component="article" aria-label="The request">
            <Text size="sm" style={textStyle}>{r.message}</Text>
          </Paper>
          <Title order={3} size="h5">Answers</Title>
          {r.replies.length === 0 ? (
            <Text size="sm" c="dimmed">{answerable ? 'Not answered yet.' : 'No answer yet. We will email you when there is one.'}</Text>
          ) : (
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Answers">
              {r.replies.map((reply) => (
                <Paper component="li" key={reply._id} withBorder radius="md" p="md" bg="indigo.0">
                  <Text size="xs" c="dimmed" mb={4}>
                    {reply.author ? fullName(reply.author) : 'Cadenza team'} · {when(reply.createdAt)}
                  </Text>
                  <Text size="sm" style={textStyle}>{reply.message}</Text>
                </Paper>
              ))}
            </Stack>
          )}
          {answerable && <AnswerForm key={r._id} requestId={r._id} />}
        </Stack>
      )}
    </AppModal>
  );
}
