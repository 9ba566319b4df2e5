import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { PLAN_STATE_LABELS, planEndBody, type PlanEndAction, type PlanState } from '../../../shared/contracts/school-plans';
import { ConfirmModal } from '../../components/ConfirmModal';
import { DetailField } from '../../components/DetailField';
import { QueryError } from '../../components/QueryError';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useEndOrExtendPlan, useSchoolPlan } from './api';

/** "Mar 1, 2026" from a calendar date. */
function dayLabel(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
}

const STATE_COLORS: Record<PlanState, string> = { renewing: 'green', active: 'teal', failedPayment: 'orange', lapsed: 'red', ended: 'gray' };

/** The state of a school's Cadenza plan as the provider sees it (decision 071). */
export function PlanStateBadge({ state }: { state: PlanState }) {
  // Never cut to "Renewi…" in a narrow table column: the badge keeps its words and the table scrolls.
  return (
    <Badge variant="light" color={STATE_COLORS[state]} c="dark.7" tt="none" styles={{ root: { maxWidth: 'none', flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}>
      {PLAN_STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * The provider's card on a school's details: its plan's state, and ending it now or extending it
 * by some days (decision 071); the form checks with the server's own schema (planEndBody).
 */
export function ProviderPlanCard({ adminId }: { adminId: string }) {
  const plan = useSchoolPlan(adminId);
  const change = useEndOrExtendPlan(adminId);
  const [days, setDays] = useState('');
  const [daysError, setDaysError] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const booking = plan.data?.booking ?? null;

  const send = (body: PlanEndAction, done?: () => void) => {
    const parsed = planEndBody.safeParse({ adminId, ...body });
    if (!parsed.success) {
      setDaysError(parsed.error.issues.find((i) => i.path[0] === 'days')?.message ?? parsed.error.issues[0]?.message ?? null);
      return;
    }
    setDaysError(null);
    change.mutate(body, {
      onSuccess: (result) => { notifySuccess(result.message); setDays(''); done?.(); },
      onError: (error) => notifyError(errorMessage(error)),
    });
  };

  let body;
  if (plan.isPending) body = <Skeleton h={80} />;
  else if (plan.isError) body = <QueryError error={plan.error} onRetry={() => void plan.refetch()} title="Could not load the plan" />;
  else if (!booking) body = <Text size="sm" c="dimmed">No plan booked.</Text>;
  else {
    const ended = booking.planState === 'ended';
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <DetailField label="Plan">{booking.plan.planName}</DetailField>
          <DetailField label="State"><PlanStateBadge state={booking.planState} /></DetailField>
          <DetailField label={booking.planState === 'renewing' ? 'Renews on' : 'Paid through'}>{dayLabel(booking.renewsOn)}</DetailField>
        </SimpleGrid>
        {!ended && (
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Extend by (days)"
              inputMode="numeric"
              w={{ base: '100%', xs: 200 }}
              value={days}
              error={daysError}
              onChange={(e) => setDays(e.currentTarget.value)}
            />
            {/* Level with the input, not with the bottom of its error (the label's height above them). */}
            <Group mt={{ base: 0, xs: 'calc(var(--mantine-font-size-sm) * var(--mantine-line-height))' }} wrap="wrap">
              <Button onClick={() => send({ action: 'extend', days })} loading={change.isPending && change.variables?.action === 'extend'}>
                Extend plan
              </Button>
              {/* Outline: dark red words on white (the light variant of red.9 painted the words out). */}
              <Button color="red.9" variant="outline" onClick={() => setEnding(true)}>
                End plan now
              </Button>
            </Group>
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="provider-plan-title">
      <Title id="provider-plan-title" order={2} size="h4" mb="md">
        Cadenza plan
      </Title>
      {body}
      <ConfirmModal
        opened={ending}
        onClose={() => setEnding(false)}
        title="End plan"
        danger
        confirmLabel="End plan"
        loading={change.isPending}
        onConfirm={() => send({ action: 'end' }, () => setEnding(false))}
      >
        {booking ? `End the ${booking.plan.planName} plan of ${booking.school_name} now? Nothing more is charged, and the owner is told.` : ''}
      </ConfirmModal>
    </Card>
  );
}
