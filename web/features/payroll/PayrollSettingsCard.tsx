import { Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import type { PayrollSettings } from '../../../shared/contracts/payroll';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePayrollSettings, useSavePayrollSettings } from './api';

/** What counts for pay: lessons held always; no-shows and late cancellations as the school chooses. */
export function PayrollSettingsCard() {
  const settings = usePayrollSettings();
  const save = useSavePayrollSettings();
  const change = (next: Partial<PayrollSettings>) => {
    if (!settings.data) return;
    save.mutate({ payNoShows: settings.data.payNoShows, payLateCancellations: settings.data.payLateCancellations, ...next }, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: (error) => notifyError(errorMessage(error), 'Could not save'),
    });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="payroll-settings-title">
      <Stack gap="sm">
        <Title id="payroll-settings-title" order={2} size="h4">What counts</Title>
        <Text size="sm" c="dimmed">Lessons held (a student present or late) are always paid.</Text>
        {settings.isError ? (
          <QueryError error={settings.error} onRetry={() => void settings.refetch()} title="Could not load the payroll settings" />
        ) : !settings.data ? (
          <Skeleton h={48} />
        ) : (
          <Group gap="xl">
            <Switch label="Pay no-shows" description="Attendance taken, nobody came" checked={settings.data.payNoShows} disabled={save.isPending}
              onChange={(e) => change({ payNoShows: e.currentTarget.checked })} />
            <Switch label="Pay late cancellations" description={`Cancelled less than ${settings.data.noticeHours} hours ahead`}
              checked={settings.data.payLateCancellations} disabled={save.isPending} onChange={(e) => change({ payLateCancellations: e.currentTarget.checked })} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
