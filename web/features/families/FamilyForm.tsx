import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { FAMILY_MESSAGES, familyForm, familyUpdateBody, type FamilyFormValues, type FamilyItem, type FamilyUpdateValues } from '../../../shared/contracts/families';
import { FormActions, FormFailure } from '../../components/FormParts';
import { PeopleMultiSelectField } from '../../components/PeopleMultiSelectField';
import { useAddOrUpdate } from '../../lib/useAddOrUpdate';
import { fullName } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { searchPeople } from '../../components/peopleSearch';
import { familyPeopleKey, useAddFamily, useUpdateFamily } from './api';

type FormInput = { id?: string; name: string; parentIds: string[]; childIds: string[] };
type FormOutput = FamilyFormValues | FamilyUpdateValues;

const FIELDS = ['name', 'parentIds', 'childIds'] as const;
const EMPTY: FormInput = { name: '', parentIds: [], childIds: [] };

const searchParents = (text: string) => searchPeople('parent', text);
const searchChildren = (text: string) => searchPeople('student', text);
const optionsOf = (people: FamilyItem['parents']) => people.map((p) => ({ value: p._id, label: fullName(p) }));

export type FamilyFormProps = { family?: FamilyItem; onDone?: () => void; onCancel?: () => void };

/**
 * A household: its name, parents and children. Parents and children are people of the school,
 * added on their own screens; saving lets every parent of the family see every child of it.
 */
export function FamilyForm({ family, onDone, onCancel }: FamilyFormProps) {
  const editing = family !== undefined;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: (editing ? zodResolver(familyUpdateBody) : zodResolver(familyForm)) as unknown as Resolver<FormInput, unknown, FormOutput>,
    defaultValues: family
      ? { id: family._id, name: family.name, parentIds: family.parents.map((p) => p._id), childIds: family.children.map((c) => c._id) }
      : EMPTY,
  });
  const { errors } = form.formState;
  const add = useAddFamily();
  const update = useUpdateFamily();
  const { submit, failure, pending } = useAddOrUpdate(add, update, {
    setError: form.setError,
    fields: FIELDS,
    onSaved: (result) => {
      notifySuccess(result.message || (editing ? FAMILY_MESSAGES.updated : FAMILY_MESSAGES.added));
      if (!editing) form.reset(EMPTY);
      onDone?.();
    },
  });
  const save = form.handleSubmit(submit);

  return (
    <form noValidate onSubmit={save} aria-label={editing ? 'Edit family' : 'Add family'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <TextInput label="Family Name" required placeholder="e.g. Chen family" error={errors.name?.message} {...form.register('name')} />
        <PeopleMultiSelectField
          control={form.control}
          name="parentIds"
          label="Parents"
          required
          placeholder="Type a parent's name"
          error={errors.parentIds?.message}
          known={family ? optionsOf(family.parents) : undefined}
          queryKey={familyPeopleKey('parent')}
          search={searchParents}
        />
        <PeopleMultiSelectField
          control={form.control}
          name="childIds"
          label="Children"
          required
          placeholder="Type a student's name"
          error={errors.childIds?.message}
          known={family ? optionsOf(family.children) : undefined}
          queryKey={familyPeopleKey('student')}
          search={searchChildren}
        />
        <Text size="xs" c="dimmed">
          Someone missing? Add them first on{' '}
          <Anchor component={Link} to="/member/parents" size="xs" underline="always">
            Parents
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/member/students" size="xs" underline="always">
            Students
          </Anchor>
          . Every parent of a family sees every child of it.
        </Text>
        <FormActions onCancel={onCancel} pending={pending} submitLabel={editing ? 'Save changes' : 'Add Family'} />
      </Stack>
    </form>
  );
}
