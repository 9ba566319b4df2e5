/** What other features use of Learn More: the admin's card for the school's text. */
export { LearnMoreAboutCard } from './LearnMoreAboutCard';
