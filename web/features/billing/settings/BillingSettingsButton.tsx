import { Button, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { AppModal } from '../../../components/AppModal';
import { QueryError } from '../../../components/QueryError';
import { useBillingSettings } from './api';
import { BillingSettingsForm } from './BillingSettingsForm';

/**
 * "Billing settings" for a page header of Invoicing (billing/invoices, billing/recurring): a dialog with the school's currency, days
 * until due and late fee (an admin saves, a sub-admin reads).
 */
export function BillingSettingsButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const settings = useBillingSettings(opened);
  let body;
  if (settings.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading billing settings">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (settings.isError) {
    body = <QueryError error={settings.error} onRetry={() => void settings.refetch()} title="Could not load the billing settings" />;
  } else {
    body = <BillingSettingsForm settings={settings.data} onDone={close} />;
  }
  return (
    <>
      <Button variant="default" leftSection={<IconSettings size={16} />} onClick={open}>
        Billing settings
      </Button>
      <AppModal opened={opened} onClose={close} title="Billing settings" size="lg">
        {opened && body}
      </AppModal>
    </>
  );
}
