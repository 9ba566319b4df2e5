import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { SignupFields, SignupInstrument } from '../../../shared/contracts/signup-widget';
import type { Level } from '../../../shared/constants';
import { formatUsPhone, SIGNUP_MESSAGES } from '../../../shared/signup-widget-text';
import { FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { useLightForm } from '../../lib/useLightForm';
import { signupValidation } from './lazyValidation';
import { submitSignup } from './publicApi';

type Values = Omit<SignupFields, 'genreId'> & { genreId: SignupInstrument[] };
const EMPTY: Values = { first_name: '', last_name: '', email: '', cellPhone: '', genreId: [] };
const FIELDS = ['first_name', 'last_name', 'email', 'cellPhone', 'genreId'] as const;

// The dialog (and Mantine's modal code) is fetched when a visitor reaches for the button, not
// with the page: the page's first load decides when the form appears (decision 027). The list of
// chosen instruments comes with it: its level Select is the only other Select (decision 097).
const loadInstrumentModal = () => import('./InstrumentModal');
const loadChosenInstruments = () => import('./ChosenInstruments');
const loadInstrumentParts = () => Promise.all([loadInstrumentModal(), loadChosenInstruments()]);
const InstrumentModal = lazy(() => loadInstrumentModal().then((m) => ({ default: m.InstrumentModal })));
const ChosenInstruments = lazy(() => loadChosenInstruments().then((m) => ({ default: m.ChosenInstruments })));

type Props = {
  adminId: string;
  genres: { _id: string; name: string }[];
  /** The plan chosen in the plan widget, sent with the signup. */
  planId?: string;
  /** The server accepted the signup; the page shows the message and a fresh form. */
  onRegistered: (message: string) => void;
};

/**
 * The signup form of docs/domains/members.md "Screens and routes". Like the sign-in form it uses the small useLightForm and
 * fetches its zod rules on first focus: strangers load this page, often inside another site.
 */
export function SignupWidgetForm({ adminId, genres, planId, onRegistered }: Props) {
  const form = useLightForm<Values, Values>({
    initialValues: EMPTY,
    validate: async (v) => {
      const result = await signupValidation.validate(v);
      return result.ok ? { ok: true, data: { ...result.data, genreId: v.genreId } } : result;
    },
  });
  const [adding, setAdding] = useState(false);
  // Stays mounted once opened, so that closing plays the modal's transition.
  const [modalMounted, setModalMounted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const names = new Map(genres.map((g) => [g._id, g.name]));
  const chosen = form.values.genreId;
  const options = genres.filter((g) => !chosen.some((c) => c.genreId === g._id)).map((g) => ({ value: g._id, label: g.name }));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await submitSignup({ ...values, adminId, role: 'student', ...(planId ? { planId } : {}) });
      onRegistered(result.message || SIGNUP_MESSAGES.registered);
    } catch (error) {
      // docs/domains/members.md "Messages": a failed signup shows the server's message.
      applyFieldErrors(error, form.setError, FIELDS);
      setFailure(errorMessage(error));
    }
  });

  const setLevel = (genreId: string, level: Level) =>
    form.setValue('genreId', chosen.map((c) => (c.genreId === genreId ? { ...c, level } : c)));
  const remove = (genreId: string) => form.setValue('genreId', chosen.filter((c) => c.genreId !== genreId));
  const phone = form.textField('cellPhone');

  return (
    <form noValidate onSubmit={submit} onFocus={signupValidation.preload} aria-label="Student signup">
      <Stack gap="md">
        <FormFailure message={failure} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First Name" autoComplete="given-name" required {...form.textField('first_name')} />
          <TextInput label="Last Name" autoComplete="family-name" required {...form.textField('last_name')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" required {...form.textField('email')} />
        <TextInput
          label="Cell Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(212) 555-0100"
          required
          {...phone}
          onChange={(event) => form.setValue('cellPhone', formatUsPhone(event.currentTarget.value))}
        />

        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={500} size="sm" id="instruments-label">
              Instruments/Genres
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onPointerEnter={() => void loadInstrumentParts()}
              onFocus={() => void loadInstrumentParts()}
              onClick={() => {
                setModalMounted(true);
                setAdding(true);
              }}
              disabled={options.length === 0}
            >
              Add Instrument/Genre
            </Button>
          </Group>
          {chosen.length === 0 ? (
            <Text size="sm" c="dimmed">
              No instrument/genre added yet.
            </Text>
          ) : (
            <Suspense fallback={null}>
              <ChosenInstruments chosen={chosen} names={names} onLevel={setLevel} onRemove={remove} />
            </Suspense>
          )}
          {form.errors.genreId && (
            <Text size="sm" c="red" role="alert">
              {form.errors.genreId}
            </Text>
          )}
        </Stack>

        <Text size="sm" c="dimmed">
          {SIGNUP_MESSAGES.contactNote}
        </Text>
        <Button type="submit" size="md" loading={form.submitting}>
          Submit
        </Button>
      </Stack>
      {modalMounted && (
        <Suspense fallback={null}>
          <InstrumentModal
            opened={adding}
            onClose={() => setAdding(false)}
            options={options}
            onAdd={(entry) => form.setValue('genreId', [...chosen, entry])}
          />
        </Suspense>
      )}
    </form>
  );
}


