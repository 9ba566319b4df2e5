import { Button, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, PasswordInput, Title, Paper, Group } from '@mantine/core';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import type { SchoolPlan } from '../../../../shared/contracts/school-plans';
import { CUSTOMER_TYPES } from '../../../../shared/constants';
import { CardFields } from '../../../components/CardFields';
import { FormFailure } from '../../../components/FormParts';
import { ApiError, errorMessage } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { signIn } from '../../../lib/session';
import { useLightForm } from '../../../lib/useLightForm';
import { useStepsDrawn } from '../../../lib/useStepsDrawn';
import { lazyValidator } from '../../../lib/validation';
import { homePathFor } from '../../../../shared/roles';
import { allowNumericKeys } from '../../../lib/numericKeys';
import { limitPhoneDigits } from '../../../../shared/phone-text';
import { DEFAULT_SCHOOL_ZONE, timeZoneChoices } from '../../../../shared/time-zones';
import { planLimits, planPrice, planTypeLabel } from '../format';
import { registerSchool } from './publicApi';
import { fieldOf, registrationBody, type SignupField as Field, type SignupValues as Values } from './schoolSignupValues';

const EMPTY: Values = {
  first_name: '', last_name: '', contact_person_email: '', phone_number: '', school_name: '', username: '', password: '', confirm_password: '',
  email: '', working_phone: '', cellPhone: '', address1: '', address2: '', city: '', state: '', postal_code: '', country: '', time_zone: DEFAULT_SCHOOL_ZONE,
  addrole: '', planId: '', cardNo: '', expMonth: '', expYear: '', cardCode: '', customerType: '',
};
/** The zones offered, and the visitor's own first chosen: the school's calendar runs on it (decision 076). */
const ZONES = timeZoneChoices();
function browserZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && ZONES.includes(zone) ? zone : DEFAULT_SCHOOL_ZONE;
}
const CUSTOMER_TYPE_OPTIONS = [{ value: '', label: 'Choose' }, ...CUSTOMER_TYPES.map((c) => ({ value: c, label: c === 'BUSINESS' ? 'Business' : 'Individual' }))];

// The rules (the route's zod schema and the phone rule) come on the form's first focus, at the
// latest on submit: the page paints with the plans and the fields alone (decision 077).
const loadRules = () => import('./schoolSignupValidation');

function Section({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>{title}</Title>
      {children}
    </Stack>
  );
}

/** /signup/{id}: Owner Info, School Info, the plan and the Payment Method (docs/domains/plans.md "Screens and routes", "Data and calls", "Rules"). */
export function SchoolSignupForm({ signupId, plans, selectedPlanId }: { signupId: string; plans: SchoolPlan[]; selectedPlanId: string | null }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const validation = useMemo(
    () => lazyValidator<Values, Values>(async () => {
      const { validateSchoolSignup } = await loadRules();
      return async (values) => validateSchoolSignup(values, signupId, plans);
    }),
    [signupId, plans],
  );
  // Owner Info first, then School Info, then the plan, the card and Register: three short commits,
  // not one of some 25 fields (decision 097).
  const drawn = useStepsDrawn(3);
  const form = useLightForm<Values, Values>({ initialValues: { ...EMPTY, time_zone: browserZone(), planId: selectedPlanId ?? '' }, validate: validation.validate });
  const { errors } = form;
  const planId = form.values.planId;
  const plan = plans.find((p) => p._id === planId);
  const text = (name: Field) => form.textField(name);
  const select = (name: Field) => ({ ...form.textField(name), onChange: (event: ChangeEvent<HTMLSelectElement>) => form.setValue(name, event.currentTarget.value) });
  // A phone keeps its formatting and stops at the last digit a number may have (issue 27).
  const phone = (name: 'phone_number' | 'working_phone' | 'cellPhone') => ({
    ...form.textField(name), type: 'tel', inputMode: 'tel' as const,
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setValue(name, limitPhoneDigits(event.currentTarget.value)),
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await registerSchool(registrationBody(values, signupId, plan));
      notifySuccess(result.message);
      // Signed in at once, to the dashboard's setup checklist (decision 076); an account still off
      // (the card's answer not yet known) signs in once the payment is confirmed.
      const login = result.data.login;
      if (login) {
        signIn(login, false);
        navigate(homePathFor(login.user.role), { replace: true });
      } else {
        notifySuccess('Sign in with the username and password you chose once your payment is confirmed.');
        navigate('/login', { replace: true });
      }
    } catch (error) {
      let placed = false;
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.errors)) {
          form.setError(fieldOf(path), { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed || (error instanceof ApiError && !error.errors.cardNo && error.status !== 400)) setFailure(errorMessage(error));
      else if (error instanceof ApiError && error.errors.cardNo) setFailure(error.message);
    }
  });

  return (
    <form noValidate onSubmit={submit} onFocus={validation.preload} aria-label="School registration">
      <Stack gap="xl">
        <FormFailure message={failure} />
        <Section title="Owner Info" id="owner-info">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First Name" required autoComplete="given-name" maxLength={100} {...text('first_name')} />
            <TextInput label="Last Name" required autoComplete="family-name" maxLength={100} {...text('last_name')} />
            <TextInput label="Contact Person Email" type="email" autoComplete="email" {...text('contact_person_email')} />
            <TextInput label="Phone Number" {...phone('phone_number')} />
          </SimpleGrid>
        </Section>
        {drawn >= 2 && (
          <Section title="School Info" id="school-info">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="School Name" required maxLength={100} {...text('school_name')} />
              <TextInput label="Username" required autoComplete="username" {...text('username')} />
              <PasswordInput label="Password" required autoComplete="new-password" {...text('password')} />
              <PasswordInput label="Confirm Password" required autoComplete="new-password" {...text('confirm_password')} />
              <TextInput label="Email" type="email" required autoComplete="email" {...text('email')} />
              <TextInput label="Working Phone" required {...phone('working_phone')} />
              <TextInput label="Cell Phone" required {...phone('cellPhone')} />
              <TextInput label="Address 1" required autoComplete="address-line1" maxLength={100} {...text('address1')} />
              <TextInput label="Address 2" autoComplete="address-line2" maxLength={100} {...text('address2')} />
              <TextInput label="City" required autoComplete="address-level2" {...text('city')} />
              <TextInput label="State" required autoComplete="address-level1" {...text('state')} />
              <TextInput label="Postal Code" required autoComplete="postal-code" inputMode="numeric" maxLength={5} onKeyDown={allowNumericKeys} {...text('postal_code')} />
              <TextInput label="Country" required autoComplete="country-name" {...text('country')} />
              <NativeSelect label="Time Zone" required data={ZONES} {...select('time_zone')} />
            </SimpleGrid>
          </Section>
        )}
        {drawn >= 3 && (
          <>
            <Section title="Plan" id="plan-choice">
              <Radio.Group label="Choose your plan" required error={errors.planId} value={planId} onChange={(value) => form.setValue('planId', value)}>
                <Stack gap="xs" mt="xs">
                  {plans.map((p, i) => (
                    <Paper key={p._id} withBorder radius="md" p="sm">
                      <Radio value={p._id} ref={i === 0 ? form.fieldRef('planId') : undefined}
                        label={<Group gap="xs"><Text fw={600} size="sm">{p.planName}</Text><Text size="sm">{planPrice(p)}</Text></Group>}
                        description={`${planTypeLabel(p)} · ${planLimits(p)}`} />
                    </Paper>
                  ))}
                </Stack>
              </Radio.Group>
              {plan?.isFree && (
                <Radio.Group label="School Role" required error={errors.addrole} value={form.values.addrole} onChange={(value) => form.setValue('addrole', value)}>
                  <Group mt="xs">
                    <Radio value="School" label="School" ref={form.fieldRef('addrole')} />
                    <Radio value="Private teacher" label="Private teacher" />
                  </Group>
                </Radio.Group>
              )}
            </Section>
            {!plan?.isFree && (
              <Section title="Payment Method" id="payment-method">
                <Text size="sm" c="dimmed">{plan ? `${planPrice(plan)}, charged now and at each renewal. Your card is kept by our payment processor, never by us.` : 'Choose a plan above.'}</Text>
                <CardFields idPrefix="signup" values={form.values} errors={errors} onChange={(field, value) => form.setValue(field, value)} fieldRef={form.fieldRef} />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <NativeSelect label="Customer Type" required data={CUSTOMER_TYPE_OPTIONS} {...select('customerType')} />
                </SimpleGrid>
              </Section>
            )}
            <Button type="submit" loading={form.submitting} size="md">Register</Button>
          </>
        )}
      </Stack>
    </form>
  );
}
