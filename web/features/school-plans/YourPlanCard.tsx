import { Alert, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDollars } from '../../../shared/money';
import { QueryError } from '../../components/QueryError';
import { useMyPlan } from './api';
import { BookingStatusBadge } from './BookingStatusBadge';
import { dayLabel, planLimits, planPrice } from './format';
import { PayPlanForm } from './PayPlanForm';
import { ResponsiveTable } from '../../components/ResponsiveTable';

const CHARGE_STATUS: Record<string, string> = {
  succeeded: 'Paid', pending: 'Processing', declined: 'Declined', failed: 'Failed', invoiced: 'Invoiced', paid: 'Paid',
};

/** Payment / Billing for a school's owner: their plan from the provider, the next renewal and its bills. */
export function YourPlanCard() {
  const mine = useMyPlan();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="your-plan-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="your-plan-heading">Your plan</Title>
        {mine.isPending ? (
          <Skeleton h={80} aria-label="Loading your plan" />
        ) : mine.isError ? (
          <QueryError error={mine.error} onRetry={() => void mine.refetch()} title="Could not load your plan" />
        ) : !mine.data.booking ? (
          <Text size="sm" c="dimmed">Your school has no plan booked. Contact us to choose one.</Text>
        ) : (
          <PlanDetails data={mine.data} />
        )}
      </Stack>
    </Card>
  );
}

function PlanDetails({ data }: { data: NonNullable<ReturnType<typeof useMyPlan>['data']> }) {
  const booking = data.booking!;
  return (
    <Stack gap="sm">
      {booking.status === 'lapsed' && (
        <Alert color="red" variant="light" title="Your plan has lapsed">
          The last renewal did not go through. Sign-in, your profile and this page stay open; the rest waits until the plan is paid.
        </Alert>
      )}
      {booking.status === 'lapsed' || data.charges.some((c) => c.status === 'declined' && c.periodStartsOn === booking.renewsOn) ? <PayPlanForm booking={booking} /> : null}
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={600}>{booking.plan.planName}</Text>
          <Text size="sm">{planPrice(booking.plan)}</Text>
          <Text size="sm" c="dimmed">{planLimits(booking.plan)}</Text>
        </div>
        <BookingStatusBadge booking={booking} />
      </Group>
      <Text size="sm">
        {booking.cancelAtPeriodEnd ? `Ends on ${dayLabel(booking.renewsOn)}` : `Next renewal: ${dayLabel(booking.renewsOn)}`}
        {booking.card ? ` · ${booking.card.brand} ending in ${booking.card.last4}` : booking.plan.isFree ? '' : ' · paid by invoice'}
      </Text>
      <Text size="sm" c="dimmed">{booking.studentCount} students, {booking.teacherCount} teachers</Text>
      {data.charges.length > 0 && (
        <ResponsiveTable columns={['Period', 'Amount', 'Status']} label="Plan invoices" minWidth={420} verticalSpacing="xs">
          {data.charges.map((c) => (
            <Table.Tr key={c._id}>
              <Table.Td>{dayLabel(c.periodStartsOn)} – {dayLabel(c.periodEndsOn)}</Table.Td>
              <Table.Td>{formatDollars(c.amount, c.currency)}</Table.Td>
              <Table.Td>{CHARGE_STATUS[c.status] ?? c.status}</Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      )}
    </Stack>
  );
}
