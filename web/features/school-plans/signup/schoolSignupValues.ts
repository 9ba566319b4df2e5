import type { SchoolRegistrationInput } from '../../../../shared/contracts/school-signup';
import type { SchoolPlan } from '../../../../shared/contracts/school-plans';

/** The school signup form's values as typed: every field a string ('' until chosen). */
export type SignupValues = {
  first_name: string; last_name: string; contact_person_email: string; phone_number: string;
  school_name: string; username: string; password: string; confirm_password: string; email: string;
  working_phone: string; cellPhone: string; address1: string; address2: string; city: string; state: string; postal_code: string; country: string; time_zone: string;
  addrole: string; planId: string; cardNo: string; expMonth: string; expYear: string; cardCode: string; customerType: string;
};
export type SignupField = keyof SignupValues;

/** What the form sends for these values: the card only for a paid plan, the School Role only for a free one. */
export function registrationBody(v: SignupValues, signupId: string, plan: SchoolPlan | undefined): SchoolRegistrationInput {
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
export const fieldOf = (path: string): SignupField => (path === 'expDate' ? 'expMonth' : path) as SignupField;
