/** What other features may use of school plans: a school owner's own plan (Payment / Billing). */
export { YourPlanCard } from './YourPlanCard';
