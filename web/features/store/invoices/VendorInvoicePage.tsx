import { InvoicePage } from './InvoicePage';

/** /vendor/:id: the seller's invoice of a store order. */
export default function VendorInvoicePage() {
  return <InvoicePage kind="vendor" />;
}
