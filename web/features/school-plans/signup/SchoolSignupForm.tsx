import { Button, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, PasswordInput, Title, Paper, Group } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { checkRegistration, CUSTOMER_TYPES, schoolRegistrationBody, type SchoolRegistrationInput, type SchoolRegistrationValues } from '../../../../shared/contracts/school-signup';
import type { SchoolPlan } from '../../../../shared/contracts/school-plans';
import { FormFailure } from '../../../components/FormParts';
import { HookFormCardFields } from '../../../components/HookFormCardFields';
import { ApiError, errorMessage } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { signIn } from '../../../lib/session';
import { homePathFor } from '../../../../shared/roles';
import { allowNumericKeys } from '../../../lib/numericKeys';
import { limitPhoneDigits } from '../../../../shared/phone-text';
import { DEFAULT_SCHOOL_ZONE, timeZoneChoices } from '../../../../shared/time-zones';
import { planLimits, planPrice, planTypeLabel } from '../format';
import { registerSchool } from './publicApi';

type Values = {
  first_name: string; last_name: string; contact_person_email: string; phone_number: string;
  school_name: string; username: string; password: string; confirm_password: string; email: string;
  working_phone: string; cellPhone: string; address1: string; address2: string; city: string; state: string; postal_code: string; country: string; time_zone: string;
  addrole: string; planId: string; cardNo: string; expMonth: string; expYear: string; cardCode: string; customerType: string;
};
type Field = keyof Values;

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

function toBody(v: Values, signupId: string, plan: SchoolPlan | undefined): SchoolRegistrationInput {
  const paid = plan ? !plan.isFree : true;
  return {
    signupId, first_name: v.first_name, last_name: v.last_name, contact_person_email: v.contact_person_email, phone_number: v.phone_number,
    school_name: v.school_name, username: v.username, password: v.password, confirm_password: v.confirm_password, email: v.email,
    working_phone: v.working_phone, cellPhone: v.cellPhone, address1: v.address1, address2: v.address2, city: v.city, state: v.state,
    postal_code: v.postal_code, country: v.country, time_zone: v.time_zone, planId: v.planId, isSelfRegister: true,
    addrole: plan?.isFree && v.addrole ? (v.addrole as SchoolRegistrationInput['addrole']) : undefined,
    ...(paid ? {
      cardNo: v.cardNo, expDate: v.expMonth && v.expYear ? `${v.expYear}-${v.expMonth}` : '', cardCode: v.cardCode,
      customerType: (v.customerType || undefined) as SchoolRegistrationInput['customerType'],
    } : {}),
  };
}

/** The payload's field under which the form shows a message (the expiry's under Month). */
const fieldOf = (path: string): Field => (path === 'expDate' ? 'expMonth' : path) as Field;

function resolverFor(signupId: string, plans: SchoolPlan[]): Resolver<Values> {
  return async (values) => {
    const plan = plans.find((p) => p._id === values.planId);
    const body = toBody(values, signupId, plan);
    const parsed = schoolRegistrationBody.safeParse(body);
    const errors: Record<string, { type: string; message: string }> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[fieldOf(String(issue.path[0]))] ??= { type: 'validate', message: issue.message };
    }
    // The plan's rules too, on the values as typed: every message shows at once.
    const typed = parsed.success ? parsed.data : ({ ...body, cardNo: body.cardNo ?? '', expDate: body.expDate ?? '', cardCode: body.cardCode ?? '' } as SchoolRegistrationValues);
    for (const [path, message] of Object.entries(checkRegistration(typed, { isFree: plan?.isFree ?? false }, null))) {
      errors[fieldOf(path)] ??= { type: 'validate', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

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
  const form = useForm<Values>({ resolver: resolverFor(signupId, plans), defaultValues: { ...EMPTY, time_zone: browserZone(), planId: selectedPlanId ?? '' } });
  const { errors, isSubmitting } = form.formState;
  const planId = useWatch({ control: form.control, name: 'planId' });
  const plan = plans.find((p) => p._id === planId);
  const text = (name: Field) => ({ ...form.register(name), error: errors[name]?.message });
  // A phone keeps its formatting and stops at the last digit a number may have (issue 27).
  const phone = (name: 'phone_number' | 'working_phone' | 'cellPhone') => {
    const field = text(name);
    return {
      ...field, type: 'tel', inputMode: 'tel' as const,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.currentTarget.value = limitPhoneDigits(event.currentTarget.value);
        return field.onChange(event);
      },
    };
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await registerSchool(toBody(values, signupId, plan));
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
    <form noValidate onSubmit={submit} aria-label="School registration">
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
            <NativeSelect label="Time Zone" required data={ZONES} {...text('time_zone')} />
          </SimpleGrid>
        </Section>
        <Section title="Plan" id="plan-choice">
          <Controller
            control={form.control}
            name="planId"
            render={({ field }) => (
              <Radio.Group label="Choose your plan" required error={errors.planId?.message} value={field.value} onChange={field.onChange}>
                <Stack gap="xs" mt="xs">
                  {plans.map((p) => (
                    <Paper key={p._id} withBorder radius="md" p="sm">
                      <Radio value={p._id} label={<Group gap="xs"><Text fw={600} size="sm">{p.planName}</Text><Text size="sm">{planPrice(p)}</Text></Group>}
                        description={`${planTypeLabel(p)} · ${planLimits(p)}`} />
                    </Paper>
                  ))}
                </Stack>
              </Radio.Group>
            )}
          />
          {plan?.isFree && (
            <Controller
              control={form.control}
              name="addrole"
              render={({ field }) => (
                <Radio.Group label="School Role" required error={errors.addrole?.message} value={field.value} onChange={field.onChange}>
                  <Group mt="xs">
                    <Radio value="School" label="School" />
                    <Radio value="Private teacher" label="Private teacher" />
                  </Group>
                </Radio.Group>
              )}
            />
          )}
        </Section>
        {!plan?.isFree && (
          <Section title="Payment Method" id="payment-method">
            <Text size="sm" c="dimmed">{plan ? `${planPrice(plan)}, charged now and at each renewal. Your card is kept by our payment processor, never by us.` : 'Choose a plan above.'}</Text>
            <HookFormCardFields form={form} idPrefix="signup" />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect label="Customer Type" required data={CUSTOMER_TYPE_OPTIONS} {...text('customerType')} />
            </SimpleGrid>
          </Section>
        )}
        <Button type="submit" loading={isSubmitting} size="md">Register</Button>
      </Stack>
    </form>
  );
}
