import { Alert, Button, Group, Radio, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SCHEDULING_MESSAGES, type CreditItem, type MakeupSlotItem } from '../../../../shared/contracts/scheduling';
import { AppModal } from '../../../components/AppModal';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useAvailableCreditsOf, useBookMakeupSlot, useMakeupSlots } from './makeupApi';
import { wallClock } from './wallClock';

const Label = ({ children }: { children: string }) => (
  <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
    {children}
  </Text>
);

const dayOf = (iso: string) => wallClock(iso).date;
const whenOf = (iso: string) => {
  const { date, time } = wallClock(iso);
  return `${date}, ${time}`;
};

function slotLabel(slot: MakeupSlotItem): string {
  return `${whenOf(slot.start)} · ${slot.durationMinutes} min · ${fullName(slot.teacher)}${slot.room ? ` · ${slot.room.roomName}` : ''}`;
}

type Props = {
  /** A parent's child; a student leaves it out (their own credits). */
  studentId?: string;
  /** Whose credits, for labels ("Book a make-up for Ann Lee"). */
  name?: string;
  /** Only "Book a make-up" (and its dialog), where the credits are already shown (the student's dashboard). */
  buttonOnly?: boolean;
};

/**
 * A student's make-up credits (how many, until when) and "Book a make-up" into an open slot of
 * their own teachers (decision 028). Shown on the parent's Children page for each child and
 * offered to the student's dashboard through the feature's index.
 */
export function MakeupCredits({ studentId, name, buttonOnly = false }: Props) {
  const credits = useAvailableCreditsOf(studentId);
  const [open, setOpen] = useState(false);
  if (credits.isPending) return <Skeleton h={buttonOnly ? 30 : 40} role="status" aria-label="Loading make-up credits" />;
  if (credits.isError) return <Text size="sm" c="red">Could not load the make-up credits. {errorMessage(credits.error)}</Text>;
  const list = credits.data.results;
  const count = credits.data.totalCount;
  const title = name ? `Book a make-up for ${name}` : 'Book a make-up';
  const bookButton = (
    <Button variant="light" size="xs" w="fit-content" onClick={() => setOpen(true)} aria-label={title}>
      Book a make-up
    </Button>
  );
  const dialog = (
    <AppModal opened={open} onClose={() => setOpen(false)} title={title} size="lg">
      {open && <BookSlotForm studentId={studentId} credits={list} onDone={() => setOpen(false)} />}
    </AppModal>
  );
  if (buttonOnly) {
    return count === 0 ? null : (
      <div>
        {bookButton}
        {dialog}
      </div>
    );
  }
  return (
    <div>
      <Label>Make-up credits</Label>
      {count === 0 ? (
        <Text size="sm">No make-up credits</Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {count} make-up credit{count === 1 ? '' : 's'} · the first expires {dayOf(list[0]!.bankedExpDate)}
          </Text>
          {bookButton}
        </Stack>
      )}
      {dialog}
    </div>
  );
}

function BookSlotForm({ studentId, credits, onDone }: { studentId?: string; credits: CreditItem[]; onDone: () => void }) {
  const slots = useMakeupSlots(studentId ? { studentId } : {});
  const book = useBookMakeupSlot();
  const [creditId, setCreditId] = useState<string | null>(credits[0]?._id ?? null);
  const [slotId, setSlotId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!creditId) return setError('Make-up credit is Required');
    if (!slotId) return setError('Make-up slot is Required');
    setError(null);
    book.mutate({ slotId, creditId }, {
      onSuccess: (result) => {
        notifySuccess(result.message || SCHEDULING_MESSAGES.makeupBooked);
        onDone();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <Stack gap="md">
      <Select
        label="Make-up credit"
        data={credits.map((c) => ({ value: c._id, label: `From ${dayOf(c.lesson.start)} (${c.lesson.lesson_type}), expires ${dayOf(c.bankedExpDate)}` }))}
        value={creditId}
        onChange={setCreditId}
        allowDeselect={false}
      />
      {slots.isPending && <Skeleton h={80} role="status" aria-label="Loading make-up slots" />}
      {slots.isError && <Alert color="red" title="Could not load the make-up slots">{errorMessage(slots.error)}</Alert>}
      {slots.isSuccess && slots.data.results.length === 0 && (
        <Text size="sm">No open make-up slots right now. Your school or teacher publishes them; please look again later.</Text>
      )}
      {slots.isSuccess && slots.data.results.length > 0 && (
        <Radio.Group label="Open make-up slots" value={slotId} onChange={(v) => { setSlotId(v); setError(null); }}>
          <Stack gap="xs" mt="xs">
            {slots.data.results.map((slot) => (
              <Radio key={slot._id} value={slot._id} label={slotLabel(slot)} description={slot.capacity > 1 ? `${slot.capacity - slot.booked} of ${slot.capacity} places left` : slot.lesson_type.name} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={submit} loading={book.isPending} disabled={!slots.isSuccess || slots.data.results.length === 0}>
          Book make-up
        </Button>
      </Group>
    </Stack>
  );
}
