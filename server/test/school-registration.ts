/**
 * What the school signup page (/signup/{id}) posts to /api/schoolBilling/registerSchool: Nora Lind
 * registers "Lind Music <n>" as `nora.<n>`, on the provider `signupId`'s plan `planId`. A paid plan
 * adds its card and customer type through `extra`; a free one its role ("School").
 */
export function schoolRegistration(n: string, signupId: string, planId: string, extra: Record<string, unknown> = {}) {
  return {
    signupId, first_name: 'Nora', last_name: 'Lind', contact_person_email: '', phone_number: '',
    school_name: `Lind Music ${n}`, username: `nora.${n}`, password: 'Str0ng!pass', confirm_password: 'Str0ng!pass',
    email: `nora.${n}@example.test`, working_phone: '2125550100', cellPhone: '2125550101', address1: '1 Main St', address2: '',
    city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US', planId, isSelfRegister: true, ...extra,
  };
}
