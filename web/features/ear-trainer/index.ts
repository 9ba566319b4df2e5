/** What other features may use of the ear trainer: a student's goal card (shown on the member profile). */
export { EarTrainingGoalCard } from './EarTrainingGoalCard';
