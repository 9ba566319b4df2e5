import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { ATTENDANCE_LABELS } from '../../../../shared/contracts/scheduling';
import type { AttendanceRow } from '../../../../shared/contracts/attendance';
import { ListPagination } from '../../../components/ListPagination';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { HISTORY_PAGE_SIZE, HISTORY_WINDOW_YEARS, historyWindow, useLessonHistory, type HistoryWindow } from './historyApi';
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

const day = (iso: string) => DateTime.fromISO(iso).toFormat('LLL d, yyyy');

/**
 * Which years the list holds, and a way to the ones before: the report reads three years at a
 * time, so the history says so rather than hiding older lessons.
 */
function WindowBar({ shown, onMove, pending }: { shown: HistoryWindow; onMove: (back: number) => void; pending: boolean }) {
  // `to` is tomorrow in the first window (a school ahead of the reader's clock): the range ends today.
  const last = DateTime.fromISO(shown.to).minus({ days: 1 }).toISODate()!;
  const label = shown.back === 0 ? `Showing the last ${HISTORY_WINDOW_YEARS} years (since ${day(shown.from)})` : `Showing ${day(shown.from)} to ${day(last)}`;
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" role="status" data-testid="history-range">
        {label}
      </Text>
      <Group gap="xs">
        {shown.back > 0 && (
          <Button size="compact-sm" variant="default" rightSection={<IconChevronRight size={14} />} onClick={() => onMove(shown.back - 1)} disabled={pending}>
            Later lessons
          </Button>
        )}
        {shown.hasEarlier && (
          <Button size="compact-sm" variant="default" leftSection={<IconChevronLeft size={14} />} onClick={() => onMove(shown.back + 1)} disabled={pending}>
            Earlier lessons
          </Button>
        )}
      </Group>
    </Group>
  );
}

/**
 * A student's lesson history for staff and their teachers: past lessons with attendance taken,
 * newest first, ten a page, three years at a time with the earlier years a click away, with the
 * teacher's notes; and the student's make-up credits.
 */
export function LessonHistory({ studentId, name }: { studentId: string; name: string }) {
  const [back, setBack] = useState(0);
  const [page, setPage] = useState(1);
  const shown = historyWindow(back);
  const history = useLessonHistory(studentId, shown, page);
  const move = (to: number) => {
    setBack(to);
    setPage(1);
  };
  let list;
  if (history.isPending) list = <Skeleton h={120} role="status" aria-label="Loading the lesson history" />;
  else if (history.isError) list = <Text size="sm" c="red">Could not load the lesson history. {errorMessage(history.error)}</Text>;
  else if (history.data.results.length === 0) list = <Text size="sm">{back === 0 ? 'No past lessons with attendance yet' : 'No lessons with attendance in these years'}</Text>;
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
      <WindowBar shown={shown} onMove={move} pending={history.isFetching} />
      {list}
    </Stack>
  );
}
