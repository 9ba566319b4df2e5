/** What other features use of the store: the superadmin's store switch on a school's page. */
export { SchoolStoreSwitch } from './SchoolStoreSwitch';
