/**
 * What other features may use of school plans: a school owner's own plan (Payment / Billing), and
 * the provider's view of /plan-registration/{id} (decision 090).
 */
export { YourPlanCard } from './YourPlanCard';
export { ProviderPlanRegistration } from './ProviderPlanRegistration';
