/** What other features use of the store: the superadmin's store switch on a school's page. */
export { SchoolStoreSwitch } from './SchoolStoreSwitch';
/** The order details page's links to the printable invoices (issue 16). */
export { InvoiceLinks } from './invoices/InvoiceLinks';
