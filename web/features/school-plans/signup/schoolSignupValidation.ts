import { checkRegistration, schoolRegistrationBody, type SchoolRegistrationValues } from '../../../../shared/contracts/school-signup';
import type { SchoolPlan } from '../../../../shared/contracts/school-plans';
import type { FieldErrors, ValidationResult } from '../../../lib/validation';
import { fieldOf, registrationBody, type SignupValues } from './schoolSignupValues';

/**
 * The school signup's rules as the server runs them: the route's schema (zod and the phone rule),
 * then the plan's rules on the values as typed, so that every message shows at once. The form
 * fetches this module on its first focus (decision 077).
 */
export function validateSchoolSignup(values: SignupValues, signupId: string, plans: SchoolPlan[]): ValidationResult<SignupValues> {
  const plan = plans.find((p) => p._id === values.planId);
  const body = registrationBody(values, signupId, plan);
  const parsed = schoolRegistrationBody.safeParse(body);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[fieldOf(String(issue.path[0]))] ??= issue.message;
  }
  const typed = parsed.success ? parsed.data : ({ ...body, cardNo: body.cardNo ?? '', expDate: body.expDate ?? '', cardCode: body.cardCode ?? '' } as SchoolRegistrationValues);
  for (const [path, message] of Object.entries(checkRegistration(typed, { isFree: plan?.isFree ?? false }, null))) {
    errors[fieldOf(path)] ??= message;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data: values };
}
