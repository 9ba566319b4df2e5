import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ATTENDANCE_LABELS } from '../../../../shared/contracts/scheduling';
import type { AttendanceRow } from '../../../../shared/contracts/attendance';
import { ListPagination } from '../../../components/ListPagination';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { HISTORY_PAGE_SIZE, useLessonHistory } from './historyApi';
import { MakeupCredits } from './MakeupCredits';

const STATUS_COLOURS: Record<AttendanceRow['status'], string> = { present: 'green', late: 'yellow', absent: 'red', excused: 'blue', cancelled: 'gray' };

/** The lesson's date and time on the school's clock (the ISO string carries its offset), with the year. */
function when(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return iso;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const date = at.toLocaleDateString(undefined, { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = at.toLocaleTimeString(undefined, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' });
  return `${date}, ${time}`;
}

function HistoryLine({ row }: { row: AttendanceRow }) {
  return (
    <Stack component="li" gap={2} py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          {when(row.date)}
        </Text>
        <Badge color={STATUS_COLOURS[row.status]} variant="dot" tt="none">
          {ATTENDANCE_LABELS[row.status]}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {row.lessonType}
        {row.teacher ? ` · ${fullName(row.teacher)}` : ''}
      </Text>
      {row.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            Note{row.noteShared ? ' (shared with family)' : ''}:{' '}
          </Text>
          {row.note}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A student's lesson history for staff and their teachers: past lessons with attendance taken,
 * newest first, ten a page, with the teacher's notes; and the student's make-up credits.
 */
export function LessonHistory({ studentId, name }: { studentId: string; name: string }) {
  const [page, setPage] = useState(1);
  const history = useLessonHistory(studentId, page);
  let list;
  if (history.isPending) list = <Skeleton h={120} role="status" aria-label="Loading the lesson history" />;
  else if (history.isError) list = <Text size="sm" c="red">Could not load the lesson history. {errorMessage(history.error)}</Text>;
  else if (history.data.results.length === 0) list = <Text size="sm">No past lessons with attendance yet</Text>;
  else {
    list = (
      <Stack gap={4}>
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Lesson history of ${name}`}>
          {history.data.results.map((r) => <HistoryLine key={r._id} row={r} />)}
        </Stack>
        <ListPagination page={page} totalPages={Math.ceil(history.data.totalCount / HISTORY_PAGE_SIZE)} onChange={setPage} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <MakeupCredits studentId={studentId} name={name} />
      {list}
    </Stack>
  );
}
