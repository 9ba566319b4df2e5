import { Checkbox, Group, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { hasRecipients, type Audience } from '../../../shared/contracts/communication';
import { PeopleMultiSelect } from '../../components/PeopleMultiSelect';
import { searchPeople } from '../../components/peopleSearch';
import { peopleKey, useRecipientCount } from './api';
import { callApi } from '../../lib/callApi';
import { GENRE_ROUTES } from '../../../shared/contracts/genres';

const searchClasses = (text: string) => searchPeople('class', text);
const searchTeachers = (text: string) => searchPeople('teacher', text);
const ROLE_OF = { student: 'student', parent: 'parent', teacher: 'teacher' } as const;
/** People by name: students, parents and teachers, each labelled with their role. */
async function searchAnyone(text: string) {
  const found = await Promise.all((Object.keys(ROLE_OF) as (keyof typeof ROLE_OF)[]).map(async (type) =>
    (await searchPeople(type, text)).map((o) => ({ value: o.value, label: `${o.label} (${ROLE_OF[type]})` }))));
  return found.flat();
}

function useInstruments() {
  return useQuery({
    queryKey: ['communication', 'instruments'],
    queryFn: async () => (await callApi(GENRE_ROUTES.list)).data.results,
    staleTime: 5 * 60_000,
  });
}

type Props = { audience: Audience; onChange: (next: Partial<Audience>) => void; error?: string };

const GROUPS = [
  ['allStudents', 'All students'],
  ['allParents', 'All parents'],
  ['allTeachers', 'All teachers'],
] as const;

/** Whom the email goes to: whole groups and people by name, with the count before sending. */
export function RecipientFields({ audience, onChange, error }: Props) {
  const instruments = useInstruments();
  return (
    <Stack gap="sm">
      <Checkbox.Group
        label="Groups"
        error={error}
        value={GROUPS.filter(([field]) => audience[field]).map(([field]) => field)}
        onChange={(chosen) => onChange(Object.fromEntries(GROUPS.map(([field]) => [field, chosen.includes(field)])))}
      >
        <Group gap="lg" mt={6}>
          {GROUPS.map(([field, label]) => (
            <Checkbox key={field} value={field} label={label} />
          ))}
        </Group>
      </Checkbox.Group>
      <PeopleMultiSelect label="Classes/Groups" placeholder="Search a class/group" value={audience.classGroupIds} onChange={(classGroupIds) => onChange({ classGroupIds })} queryKey={peopleKey('class')} search={searchClasses} />
      <MultiSelect
        label="Instruments"
        placeholder="Students who play…"
        data={(instruments.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
        value={audience.instrumentIds}
        onChange={(instrumentIds) => onChange({ instrumentIds })}
        searchable
        clearable
      />
      <PeopleMultiSelect label="Students of teachers" placeholder="Search a teacher" value={audience.teacherIds} onChange={(teacherIds) => onChange({ teacherIds })} queryKey={peopleKey('teacher')} search={searchTeachers} />
      <PeopleMultiSelect label="People by name" placeholder="Search a student, parent or teacher" value={audience.userIds} onChange={(userIds) => onChange({ userIds })} queryKey={peopleKey('anyone')} search={searchAnyone} />
      <Switch
        label="Active people only"
        description="Deactivated people of the groups are left out. People chosen by name always receive it."
        checked={audience.activeOnly}
        onChange={(e) => onChange({ activeOnly: e.currentTarget.checked })}
      />
    </Stack>
  );
}

/** "24 recipients (2 unsubscribed, left out)", asked of the server as the choice changes. */
export function RecipientCountLine({ audience, any }: { audience: Audience; any: boolean }) {
  const [debounced] = useDebouncedValue(audience, 300);
  const count = useRecipientCount(debounced, any && hasRecipients(debounced));
  // The number shown is always the one of the choice on screen, never of the one before.
  const settled = debounced === audience && !count.isPlaceholderData && !count.isFetching;
  let text: string;
  if (!any) text = 'Choose who receives this email.';
  else if (count.isError) text = 'Could not count the recipients.';
  else if (!count.data || !settled) text = 'Counting recipients…';
  else {
    const n = count.data.count;
    text = `${n} ${n === 1 ? 'recipient' : 'recipients'}`;
    if (count.data.unsubscribed > 0) text += ` (${count.data.unsubscribed} unsubscribed, left out)`;
  }
  return (
    <Text size="sm" fw={500} role="status" aria-live="polite" data-testid="recipient-count">
      {text}
    </Text>
  );
}
