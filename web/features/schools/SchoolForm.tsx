import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { POSTAL_CODE_INPUT_MAX } from '../../../shared/constants';
import { SCHOOL_MESSAGES, schoolForm, schoolUpdateBody, type SchoolDetails } from '../../../shared/contracts/schools';
import { ADDROLES, type AddRole } from '../../../shared/roles';
import { FormActions, FormFailure } from '../../components/FormParts';
import { PhoneField } from '../../components/PhoneField';
import { useAddOrUpdate } from '../../lib/useAddOrUpdate';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { allowNumericKeys } from '../../lib/numericKeys';
import { toE164 } from '../../lib/phone';
import { useAddSchool, useUpdateSchool, type SchoolFormValues, type SchoolUpdateValues } from './api';

export const DEFAULT_COUNTRY = 'United States';

/** What the inputs hold: the add form's fields, plus the id when editing (which has no username). */
type FormInput = {
  first_name: string;
  last_name: string;
  school_name: string;
  username?: string;
  email: string;
  working_phone: string;
  address1: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  addrole: AddRole;
  id?: string;
};
type FormOutput = SchoolFormValues | SchoolUpdateValues;

const FIELDS = [
  'first_name', 'last_name', 'school_name', 'username', 'email', 'working_phone',
  'address1', 'city', 'state', 'postal_code', 'country', 'addrole',
] as const satisfies readonly (keyof FormInput)[];

export type SchoolFormProps =
  | { mode: 'add'; addrole: AddRole; onDone: () => void; onCancel: () => void }
  | { mode: 'edit'; school: SchoolDetails; onDone: () => void; onCancel: () => void };

function initialValues(props: SchoolFormProps): FormInput {
  if (props.mode === 'add') {
    return {
      first_name: '', last_name: '', school_name: '', username: '', email: '', working_phone: '',
      address1: '', city: '', state: '', postal_code: '', country: DEFAULT_COUNTRY, addrole: props.addrole,
    };
  }
  const { school } = props;
  return {
    id: school._id,
    first_name: school.first_name,
    last_name: school.last_name,
    school_name: school.school_name,
    email: school.email ?? '',
    working_phone: toE164(school.working_phone),
    address1: school.address1,
    city: school.city,
    state: school.state,
    postal_code: school.postal_code,
    country: school.country || DEFAULT_COUNTRY,
    addrole: school.addrole,
  };
}

/** The success words of docs/domains/schools.md "Messages": the server's, or the contract's if it sent none. */
function successMessage(editing: boolean, role: AddRole, serverMessage: string | undefined): string {
  if (serverMessage) return serverMessage;
  if (editing) return SCHOOL_MESSAGES.updated;
  return role === 'School' ? SCHOOL_MESSAGES.schoolAdded : SCHOOL_MESSAGES.privateTeacherAdded;
}

/** docs/domains/schools.md "Messages": the server's message, or "Something went wrong" when it gave none. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.message && error.message !== GENERIC_ERROR) return error.message;
  return SCHOOL_MESSAGES.failed;
}

/** docs/domains/schools.md "Data and calls"'s school: add (with username and School Role) and edit (neither) share one form. */
export function SchoolForm(props: SchoolFormProps) {
  const editing = props.mode === 'edit';
  const form = useForm<FormInput, unknown, FormOutput>({
    // The two schemas differ only by username (add) versus id (edit); FormInput holds both.
    resolver: (editing ? zodResolver(schoolUpdateBody) : zodResolver(schoolForm)) as unknown as Resolver<
      FormInput,
      unknown,
      FormOutput
    >,
    defaultValues: initialValues(props),
  });
  const { errors } = form.formState;
  const add = useAddSchool();
  const update = useUpdateSchool();
  const role = useWatch({ control: form.control, name: 'addrole' });
  const { submit, failure, pending } = useAddOrUpdate(add, update, {
    setError: form.setError,
    fields: FIELDS,
    onSaved: (result) => {
      notifySuccess(successMessage(editing, role, result.message));
      props.onDone();
    },
    failureMessage,
  });
  const save = form.handleSubmit(submit);

  return (
    <form noValidate onSubmit={save} aria-label={editing ? 'Edit school' : 'Add school'}>
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        {!editing && (
          <Controller
            control={form.control}
            name="addrole"
            render={({ field }) => (
              <Radio.Group
                label="School Role"
                required
                value={field.value}
                onChange={(value) => field.onChange(value)}
                error={errors.addrole?.message}
              >
                <Group gap="lg" mt={6}>
                  {ADDROLES.map((role) => (
                    <Radio key={role} value={role} label={role} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First Name" required autoComplete="given-name" data-autofocus error={errors.first_name?.message} {...form.register('first_name')} />
          <TextInput label="Last Name" required autoComplete="family-name" error={errors.last_name?.message} {...form.register('last_name')} />
        </SimpleGrid>
        <TextInput label="School Name" required autoComplete="organization" error={errors.school_name?.message} {...form.register('school_name')} />
        <SimpleGrid cols={{ base: 1, sm: editing ? 1 : 2 }}>
          {!editing && (
            <TextInput label="Username" required autoComplete="off" error={errors.username?.message} {...form.register('username')} />
          )}
          <TextInput label="Email" type="email" required autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="working_phone"
          render={({ field }) => (
            <PhoneField
              label="Working Phone"
              required
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.working_phone?.message}
            />
          )}
        />
        <TextInput label="Address" required autoComplete="street-address" error={errors.address1?.message} {...form.register('address1')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" required autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
          <TextInput label="State" required autoComplete="address-level1" error={errors.state?.message} {...form.register('state')} />
          <TextInput
            label="Postal Code"
            required
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={POSTAL_CODE_INPUT_MAX}
            onKeyDown={allowNumericKeys}
            error={errors.postal_code?.message}
            {...form.register('postal_code')}
          />
          <TextInput label="Country" required autoComplete="country-name" error={errors.country?.message} {...form.register('country')} />
        </SimpleGrid>
        <FormActions onCancel={props.onCancel} pending={pending} submitLabel={editing ? 'Save changes' : role === 'School' ? 'Add School' : 'Add Private Teacher'} />
      </Stack>
    </form>
  );
}
