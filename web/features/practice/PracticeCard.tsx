import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PracticeAssignment } from '../../../shared/contracts/practice';
import { errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCompleteItem } from './api';
import { dueDate } from './format';
import { PracticeStatusBadge } from './PracticeStatusBadge';

type Props = { item: PracticeAssignment; detailsLink?: boolean };

/** One assignment as its student sees it: the songs to tick, the instructions, due date and minutes a day. */
export function PracticeCard({ item, detailsLink = true }: Props) {
  const complete = useCompleteItem();
  const done = item.items.filter((i) => i.completed).length;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Practice due ${dueDate(item.due_date)}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Text fw={600}>Due {dueDate(item.due_date)}</Text>
            <Text size="sm" c="dimmed">
              {item.minutesPerDay} minutes a day{item.assignedBy ? ` · from ${fullName(item.assignedBy)}` : ''}
            </Text>
          </Stack>
          <Group gap="xs">
            <Text size="sm" c="dimmed">{done} of {item.countSong} done</Text>
            <PracticeStatusBadge item={item} />
          </Group>
        </Group>
        {item.instructions && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{item.instructions}</Text>}
        <Stack gap={6}>
          {item.items.map((song) => (
            <Checkbox
              key={song._id}
              label={song.artist ? `${song.title} — ${song.artist}` : song.title}
              // The tick shows at once; the server's answer (and its refetch) confirms it.
              checked={complete.isPending && complete.variables?.itemId === song._id ? complete.variables.complete : song.completed}
              onChange={(e) => complete.mutate({ itemId: song._id, complete: e.currentTarget.checked }, { onError: (err) => notifyError(errorMessage(err)) })}
            />
          ))}
        </Stack>
        {detailsLink && (
          <Text size="sm" component={Link} to={`/learning/view-practice/${item._id}`} c="blue.8" td="underline" w="fit-content">
            View details
          </Text>
        )}
      </Stack>
    </Card>
  );
}
