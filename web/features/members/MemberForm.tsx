import { Alert, Divider, MultiSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCheck, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { POSTAL_CODE_INPUT_MAX } from '../../../shared/constants';
import { KIND_LABELS, MEMBER_MESSAGES, PERSON_FORMS, PERSON_UPDATE_FORMS, type InstrumentInput, type MemberProfile, type PersonKindPath, type PersonRef } from '../../../shared/contracts/members';
import { FormActions, FormFailure } from '../../components/FormParts';
import { PhoneField } from '../../components/PhoneField';
import { useAddOrUpdate } from '../../lib/useAddOrUpdate';
import { useRequiredSession } from '../../lib/useSession';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { allowNumericKeys } from '../../lib/numericKeys';
import { toE164 } from '../../lib/phone';
import { useAddMember, useFilterOptions, useGenres, useUpdateMember, type FilterOption, type MemberFormValues, type MemberUpdateValues } from './api';
import { InstrumentsEditor } from './InstrumentsEditor';
import { useUsernameCheck } from './useUsernameCheck';

type NewParent = { first_name: string; last_name: string; username: string; email: string; cellPhone: string };

/** What the inputs hold for any kind; each kind's schema keeps its own fields and drops the rest. */
export type MemberFormInput = {
  id?: string;
  first_name: string;
  last_name: string;
  username?: string;
  email: string;
  cellPhone: string;
  address1: string;
  city: string;
  state: string;
  postal_code: string;
  allow_payroll_report?: boolean;
  genreIds?: string[];
  private_rate?: string;
  class_group_rate?: string;
  instruments?: InstrumentInput[];
  teacherIds?: string[];
  parentIds?: string[];
  newParent?: NewParent;
  childIds?: string[];
};
type FormOutput = MemberFormValues | MemberUpdateValues;

const FIELDS = [
  'first_name', 'last_name', 'username', 'email', 'cellPhone', 'address1', 'city', 'state', 'postal_code',
  'allow_payroll_report', 'genreIds', 'private_rate', 'class_group_rate', 'instruments', 'teacherIds', 'parentIds',
  'childIds', 'newParent.first_name', 'newParent.last_name', 'newParent.username', 'newParent.email',
  'newParent.cellPhone',
] as const;

const EMPTY_PARENT: NewParent = { first_name: '', last_name: '', username: '', email: '', cellPhone: '' };

export type MemberFormProps = { kind: PersonKindPath; onDone: () => void; onCancel: () => void } & (
  | { mode: 'add' }
  | { mode: 'edit'; member: MemberProfile }
);

const ids = (refs: { _id: string }[] | undefined) => (refs ?? []).map((r) => r._id);

function initialValues(props: MemberFormProps, runsPayroll: boolean): MemberFormInput {
  const { kind } = props;
  const m = props.mode === 'edit' ? props.member : undefined;
  const values: MemberFormInput = {
    first_name: m?.first_name ?? '',
    last_name: m?.last_name ?? '',
    email: m?.email ?? '',
    cellPhone: toE164(m?.cellPhone),
    address1: m?.address1 ?? '',
    city: m?.city ?? '',
    state: m?.state ?? '',
    postal_code: m?.postal_code ?? '',
  };
  if (m) values.id = m._id;
  else values.username = '';
  if (kind === 'subadmins') values.allow_payroll_report = m?.allow_payroll_report ?? false;
  if (kind === 'teachers') {
    values.genreIds = ids(m?.genres);
    // Pay rates are payroll's: without the right the form neither shows nor sends them.
    if (runsPayroll) {
      values.private_rate = m?.private_rate === undefined ? '' : String(m.private_rate);
      values.class_group_rate = m?.class_group_rate === undefined ? '' : String(m.class_group_rate);
    }
  }
  if (kind === 'students') {
    values.instruments = (m?.instruments ?? []).map((i) => ({ genreId: i.genreId._id, level: i.level }));
    values.teacherIds = ids(m?.teachers);
    values.parentIds = ids(m?.parents);
    if (!m) values.newParent = EMPTY_PARENT;
  }
  if (kind === 'parents') values.childIds = ids(m?.children);
  return values;
}

/** Picker options, with the people already chosen even if the option list has not loaded them. */
function withChosen(options: FilterOption[] | undefined, chosen: PersonRef[] | undefined): FilterOption[] {
  const list = [...(options ?? [])];
  for (const ref of chosen ?? []) {
    if (!list.some((o) => o.value === ref._id)) list.push({ value: ref._id, label: fullName(ref) });
  }
  return list;
}

function withChosenGenres(options: FilterOption[], chosen: { _id: string; name: string }[] | undefined): FilterOption[] {
  const missing = (chosen ?? []).filter((g) => !options.some((o) => o.value === g._id));
  return [...options, ...missing.map((g) => ({ value: g._id, label: g.name }))];
}

/**
 * The schema turns the typed dollars into cents; the server parses the body with the same
 * schema, so the body carries dollars again (otherwise $45.50 would be saved as $4,550).
 */
function inDollars<T extends FormOutput>(values: T): T {
  if (!('genreIds' in values)) return values;
  const dollars = (cents: number | undefined) => (cents === undefined ? undefined : cents / 100);
  return { ...values, private_rate: dollars(values.private_rate), class_group_rate: dollars(values.class_group_rate) };
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message && error.message !== GENERIC_ERROR) return error.message;
  return 'Something went wrong';
}

function UsernameInput({ error, check, ...props }: Parameters<typeof TextInput>[0] & { check: ReturnType<typeof useUsernameCheck> }) {
  return (
    <TextInput
      {...props}
      autoComplete="off"
      error={error ?? check.taken}
      description={check.available && !error ? 'Username is available' : undefined}
      rightSection={check.available && !error ? <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden /> : undefined}
    />
  );
}

/** Add or edit a sub-admin, teacher, student or parent; the fields follow the kind. */
export function MemberForm(props: MemberFormProps) {
  const { kind } = props;
  const editing = props.mode === 'edit';
  const member = editing ? props.member : undefined;
  const noun = KIND_LABELS[kind].one;
  const [withNewParent, setWithNewParent] = useState(false);
  const schema = editing ? PERSON_UPDATE_FORMS[kind] : PERSON_FORMS[kind];
  const base = zodResolver(schema as never) as unknown as Resolver<MemberFormInput, unknown, FormOutput>;
  // The new parent's fields count only while "Add a new parent" is on.
  const resolver: Resolver<MemberFormInput, unknown, FormOutput> = (values, context, options) =>
    base(withNewParent ? values : { ...values, newParent: undefined }, context, options);

  const { user } = useRequiredSession();
  const { runsPayroll } = user.permissions;
  const form = useForm<MemberFormInput, unknown, FormOutput>({ resolver, defaultValues: initialValues(props, runsPayroll) });
  const { errors } = form.formState;
  const add = useAddMember(kind);
  const update = useUpdateMember(kind);

  const username = useWatch({ control: form.control, name: 'username' });
  const parentUsername = useWatch({ control: form.control, name: 'newParent.username' });
  const usernameCheck = useUsernameCheck(username, !editing);
  const parentUsernameCheck = useUsernameCheck(parentUsername, !editing && withNewParent);

  const genres = useGenres(kind === 'teachers' || kind === 'students');
  const teachers = useFilterOptions('teacher', kind === 'students');
  const parents = useFilterOptions('parent', kind === 'students');
  const students = useFilterOptions('student', kind === 'parents');

  const { submit, failure, pending } = useAddOrUpdate(add, update, {
    setError: form.setError as never,
    fields: FIELDS,
    onSaved: (result) => {
      notifySuccess(result.message || (editing ? MEMBER_MESSAGES.updated(kind) : MEMBER_MESSAGES.added(kind)));
      props.onDone();
    },
    failureMessage,
  });
  const save = form.handleSubmit((parsed) => submit(inDollars(parsed)));

  const nested = errors as unknown as { newParent?: Partial<Record<keyof NewParent, { message?: string }>> };
  const genreOptions = (genres.data ?? []).map((g) => ({ value: g._id, label: g.name }));
  const knownGenres = Object.fromEntries((member?.instruments ?? []).map((i) => [i.genreId._id, i.genreId.name]));

  return (
    <form noValidate onSubmit={save} aria-label={editing ? `Edit ${noun.toLowerCase()}` : `Add ${noun.toLowerCase()}`}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        {!editing && (
          <Alert color="blue" variant="light" icon={<IconMail size={18} />} role="note">
            The {noun.toLowerCase()} receives an email invitation to set their password.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First Name" required autoComplete="off" data-autofocus error={errors.first_name?.message} {...form.register('first_name')} />
          <TextInput label="Last Name" required autoComplete="off" error={errors.last_name?.message} {...form.register('last_name')} />
          {!editing && (
            <UsernameInput label="Username" required check={usernameCheck} error={errors.username?.message} {...form.register('username')} />
          )}
          <TextInput label="Email" type="email" required autoComplete="off" error={errors.email?.message} {...form.register('email')} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="cellPhone"
          render={({ field }) => (
            <PhoneField label="Cell Phone" name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.cellPhone?.message} />
          )}
        />
        <TextInput label="Address" autoComplete="off" error={errors.address1?.message} {...form.register('address1')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="City" autoComplete="off" error={errors.city?.message} {...form.register('city')} />
          <TextInput label="State" autoComplete="off" error={errors.state?.message} {...form.register('state')} />
          <TextInput
            label="Postal Code"
            autoComplete="off"
            inputMode="numeric"
            maxLength={POSTAL_CODE_INPUT_MAX}
            onKeyDown={allowNumericKeys}
            error={errors.postal_code?.message}
            {...form.register('postal_code')}
          />
        </SimpleGrid>

        {kind === 'subadmins' && (
          <Controller
            control={form.control}
            name="allow_payroll_report"
            render={({ field }) => (
              <Switch
                label="Allow payroll report"
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
        )}

        {kind === 'teachers' && (
          <>
            <Controller
              control={form.control}
              name="genreIds"
              render={({ field }) => (
                <MultiSelect
                  label="Instruments/Genres"
                  searchable
                  data={withChosenGenres(genreOptions, member?.genres)}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.genreIds?.message}
                  nothingFoundMessage="No instrument/genre found"
                />
              )}
            />
            {runsPayroll && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Private lesson rate" leftSection="$" inputMode="decimal" placeholder="0.00" error={errors.private_rate?.message} {...form.register('private_rate')} />
                <TextInput label="Class/Group lesson rate" leftSection="$" inputMode="decimal" placeholder="0.00" error={errors.class_group_rate?.message} {...form.register('class_group_rate')} />
              </SimpleGrid>
            )}
          </>
        )}

        {kind === 'students' && (
          <>
            <Controller
              control={form.control}
              name="instruments"
              render={({ field }) => (
                <InstrumentsEditor
                  value={field.value ?? []}
                  onChange={field.onChange}
                  genres={genres.data ?? []}
                  knownNames={knownGenres}
                  error={errors.instruments?.message ?? errors.instruments?.root?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="teacherIds"
              render={({ field }) => (
                <MultiSelect
                  label="Teachers"
                  searchable
                  data={withChosen(teachers.data, member?.teachers)}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.teacherIds?.message}
                  nothingFoundMessage="No teacher found"
                />
              )}
            />
            <Controller
              control={form.control}
              name="parentIds"
              render={({ field }) => (
                <MultiSelect
                  label="Parents"
                  searchable
                  data={withChosen(parents.data, member?.parents)}
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.parentIds?.message}
                  nothingFoundMessage="No parent found"
                />
              )}
            />
            {!editing && (
              <>
                <Switch label="Add a new parent" checked={withNewParent} onChange={(event) => setWithNewParent(event.currentTarget.checked)} />
                {withNewParent && (
                  <Stack gap="sm" role="group" aria-label="New parent">
                    <Divider label="New parent" labelPosition="left" />
                    <Text size="xs" c="dimmed">
                      The parent receives an email invitation to set their password too.
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput label="Parent First Name" required autoComplete="off" error={nested.newParent?.first_name?.message} {...form.register('newParent.first_name')} />
                      <TextInput label="Parent Last Name" required autoComplete="off" error={nested.newParent?.last_name?.message} {...form.register('newParent.last_name')} />
                      <UsernameInput label="Parent Username" required check={parentUsernameCheck} error={nested.newParent?.username?.message} {...form.register('newParent.username')} />
                      <TextInput label="Parent Email" type="email" required autoComplete="off" error={nested.newParent?.email?.message} {...form.register('newParent.email')} />
                    </SimpleGrid>
                    <Controller
                      control={form.control}
                      name="newParent.cellPhone"
                      render={({ field }) => (
                        <PhoneField label="Parent Cell Phone" name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={nested.newParent?.cellPhone?.message} />
                      )}
                    />
                  </Stack>
                )}
              </>
            )}
          </>
        )}

        {kind === 'parents' && (
          <Controller
            control={form.control}
            name="childIds"
            render={({ field }) => (
              <MultiSelect
                label="Children"
                searchable
                data={withChosen(students.data, member?.children)}
                value={field.value ?? []}
                onChange={field.onChange}
                error={errors.childIds?.message}
                nothingFoundMessage="No student found"
              />
            )}
          />
        )}

        <FormActions onCancel={props.onCancel} pending={pending} submitLabel={editing ? 'Save changes' : `Add ${noun}`} />
      </Stack>
    </form>
  );
}
