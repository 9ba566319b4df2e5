import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Image.css';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { StoreInvoice } from '../../../../shared/contracts/store-invoices';
import { FormSkeleton } from '../../../components/PublicLoadState';
import { ApiError, errorMessage } from '../../../lib/api';
import { loginPathReturningTo } from '../../../lib/returnTo';
import { useSession } from '../../../lib/useSession';
import { downloadInvoicePdf, fetchInvoice, type InvoiceKind } from './invoiceApi';
import { InvoiceSheet, invoiceTitle } from './InvoiceSheet';
import classes from './invoice.module.css';

type Load = { state: 'loading' } | { state: 'error'; status: number; message: string } | { state: 'ready'; invoice: StoreInvoice };

export const INVOICE_NOT_FOUND = 'Invoice not found';

function DownloadButton({ invoice, kind }: { invoice: StoreInvoice; kind: InvoiceKind }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await downloadInvoicePdf(invoice._id, kind, invoice.order_number);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button leftSection={<IconDownload size={16} />} loading={busy} onClick={() => void download()}>Download Invoice</Button>
      {failure && <Text size="sm" c="red.8" role="alert">{failure}</Text>}
    </>
  );
}

function Failed({ load }: { load: Extract<Load, { state: 'error' }> }) {
  // The server answers 404 for an order the visitor may not see, like one that does not exist.
  const title = load.status === 404 ? INVOICE_NOT_FOUND : 'Could not load the invoice';
  const text = load.status === 404 ? 'This invoice does not exist, or it is not yours to see.' : load.message;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}

/** An order's invoice, read with the session of whoever opens the link (the buyer, the store's staff, the superadmin). */
function Invoice({ id, kind }: { id: string; kind: InvoiceKind }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    fetchInvoice(id, kind, abort.signal).then(
      (invoice) => setLoad({ state: 'ready', invoice }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setLoad({ state: 'error', status: error instanceof ApiError ? error.status : 0, message: errorMessage(error) });
      },
    );
    return () => abort.abort();
  }, [id, kind]);

  useEffect(() => {
    if (load.state === 'ready') document.title = `${invoiceTitle(load.invoice)} | Cadenza`;
  }, [load]);

  if (load.state === 'loading') return <FormSkeleton label="Loading the invoice" />;
  if (load.state === 'error') return <Failed load={load} />;
  return (
    <Stack gap="md">
      <Group className={classes.actions} justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>Print</Button>
        <DownloadButton invoice={load.invoice} kind={kind} />
      </Group>
      <InvoiceSheet invoice={load.invoice} />
    </Stack>
  );
}

/** The printable page: no app shell, so the printed sheet is the invoice alone (docs/domains/store.md "Screens and routes", public pages). */
export function InvoicePage({ kind }: { kind: InvoiceKind }) {
  const { id = '' } = useParams();
  const session = useSession();
  const { pathname } = useLocation();
  return (
    <main className={classes.page}>
      <Paper className={classes.sheet} withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }} maw={860} mx="auto">
        {session ? (
          <Invoice id={id} kind={kind} />
        ) : (
          <Alert color="blue" variant="light" title="Sign in to see this invoice">
            <Button component="a" href={loginPathReturningTo(pathname)} size="sm">Sign in</Button>
          </Alert>
        )}
      </Paper>
    </main>
  );
}
