/** The schools feature's entry for other features: a school's merchant card and its own details card. Its pages: ./pages.ts. */
export { MerchantCard } from './MerchantCard';
export { OwnSchoolDetailsCard } from './OwnSchoolDetailsCard';
