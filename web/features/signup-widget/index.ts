/** The signup widget feature's entry for other features: its public form, which the register widget (issue 12) shows. Its pages: ./pages.ts. */
export { default as StudentSignupPage } from './StudentSignupPage';
