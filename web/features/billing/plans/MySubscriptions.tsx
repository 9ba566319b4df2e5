import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PLAN_PERIOD_LABELS, type SubscriptionItem } from '../../../../shared/contracts/student-plans';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/api';
import { fullName } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { calendarDate } from '../reports/format';
import { useCancelPlan, useMySubscriptions } from './api';
import { SubscriptionStatusBadge } from './SubscriptionStatusBadge';
import { formatDollars } from '../../../../shared/money';

function when(item: SubscriptionItem): string {
  if (item.status === 'waiting') return 'Waiting for the school to approve it';
  if (item.status === 'declined') return 'The school declined this request';
  if (item.status === 'cancelled' && item.endsOn) return `Ends ${calendarDate(item.endsOn)}`;
  if (item.status === 'ended') return item.endsOn ? `Ended ${calendarDate(item.endsOn)}` : 'Ended';
  if (item.nextChargeOn) return `Next charge ${calendarDate(item.nextChargeOn)}`;
  return item.plan.price === 0 ? 'Free plan' : 'Paid up';
}

/** A family's plans (mySubscription): each with its status, next charge and Cancel. */
export function MySubscriptions({ showStudent }: { showStudent: boolean }) {
  const mine = useMySubscriptions();
  const cancel = useCancelPlan();
  const [cancelling, setCancelling] = useState<SubscriptionItem | null>(null);
  if (mine.isPending) return <Skeleton h={100} radius="md" role="status" aria-label="Loading your plans" />;
  if (mine.isError) return <QueryError error={mine.error} onRetry={() => void mine.refetch()} title="Could not load your plans" />;
  if (mine.data.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="My plans">
      <Title order={2} size="h3" mb="sm">My plans</Title>
      <Stack gap={0}>
        {mine.data.map((item) => (
          <Group key={item._id} justify="space-between" wrap="wrap" gap="sm" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="my-plan">
            <div>
              <Group gap="xs">
                <Text fw={600}>{item.plan.planName}</Text>
                <SubscriptionStatusBadge status={item.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {showStudent && `${fullName(item.student)} · `}
                {item.plan.price === 0 ? 'Free' : `${formatDollars(item.plan.price)} ${PLAN_PERIOD_LABELS[item.plan.billingPeriod].toLowerCase()}`} · {when(item)}
              </Text>
              {item.card && <Text size="xs" c="dimmed">Charged to {item.card}</Text>}
            </div>
            {(item.status === 'waiting' || item.status === 'active') && (
              <Button variant="subtle" color="red" size="xs" aria-label={`Cancel ${item.plan.planName}`} onClick={() => setCancelling(item)}>Cancel</Button>
            )}
          </Group>
        ))}
      </Stack>
      <ConfirmModal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title="Cancel plan"
        confirmLabel="Cancel plan"
        cancelLabel="Keep it"
        loading={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling._id, {
          onSuccess: (r) => { notifySuccess(r.message); setCancelling(null); },
          onError: (e) => notifyError(errorMessage(e)),
        })}
      >
        {cancelling ? (cancelling.status === 'waiting'
          ? `Withdraw your request for ${cancelling.plan.planName}?`
          : `Cancel ${cancelling.plan.planName}? It runs to the end of the period already paid, and is not charged again.`) : ''}
      </ConfirmModal>
    </Card>
  );
}
