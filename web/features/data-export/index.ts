/**
 * The data export's entry for other features (decision 092): the card that asks for an export,
 * shows its progress and offers its download. Schedule settings shows it to a school's admin,
 * the profile page to a student or parent.
 */
export { DataExportCard } from './DataExportCard';
