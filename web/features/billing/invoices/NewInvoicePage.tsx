import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { INVOICE_MESSAGES } from '../../../../shared/contracts/billing-invoices';
import { PageHeader } from '../../../components/PageHeader';
import { QueryContent } from '../../../components/QueryContent';
import { useInvoice, useInvoiceDefaults } from './api';
import { InvoiceForm } from './InvoiceForm';
import { TestModeBadge } from './InvoiceStatusBadge';

/** Plans / Payments > New Invoice (and a draft's edit, `?id=`): bill a student, save as draft or send. */
export default function NewInvoicePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const defaults = useInvoiceDefaults();
  const invoice = useInvoice(id);
  return (
    <Stack gap="lg">
      <PageHeader
        title={id ? 'Edit Invoice' : 'New Invoice'}
        subtitle="Lines, discount and due date; the totals are worked out as you type, and again by the server."
        actions={defaults.data?.testMode ? <TestModeBadge /> : undefined}
      />
      <QueryContent query={defaults} loadingLabel="Loading the form" errorTitle="Could not load the form" rows={6}>
        {(facts) =>
          id ? (
            <QueryContent query={invoice} loadingLabel="Loading the invoice" errorTitle="Could not load this invoice" rows={6}>
              {(draft) =>
                draft.status === 'draft' ? (
                  <InvoiceForm defaults={facts} draft={draft} />
                ) : (
                  <Alert color="yellow" title={INVOICE_MESSAGES.onlyDraft}>
                    <Text size="sm">
                      {draft.number} has been sent. Void it and make a new one to bill differently.{' '}
                      <Anchor component={Link} to={`/studentbilling/invoiceList?invoice=${draft._id}`}>Open {draft.number}</Anchor>
                    </Text>
                  </Alert>
                )
              }
            </QueryContent>
          ) : (
            <InvoiceForm defaults={facts} />
          )
        }
      </QueryContent>
      <Button component={Link} to="/studentbilling/invoiceList" variant="subtle" w="fit-content">
        Back to Invoicing
      </Button>
    </Stack>
  );
}
