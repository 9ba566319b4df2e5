/** The schools feature's entry for other features: a school's merchant card. Its pages: ./pages.ts. */
export { MerchantCard } from './MerchantCard';
