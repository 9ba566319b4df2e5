import { InvoicePage } from './InvoicePage';

/** /invoice/:id: the buyer's invoice of a store order. */
export default function CustomerInvoicePage() {
  return <InvoicePage kind="customer" />;
}
