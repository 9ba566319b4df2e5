import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { SchoolBooking } from '../../../shared/contracts/school-plans';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useChangePlan, useSchoolPlans, useSendUpgradeOffer } from './api';
import { planPrice } from './format';

export type PlanAction = { booking: SchoolBooking; kind: 'change' | 'offer' } | null;

/** Change a school's plan now, or email its owner the offer of another plan. */
export function ChangePlanModal({ action, onClose }: { action: PlanAction; onClose: () => void }) {
  const plans = useSchoolPlans({ page: 1, limit: 100, schoolPrivateTeacher: action?.booking.plan.schoolPrivateTeacher });
  const change = useChangePlan();
  const offer = useSendUpgradeOffer();
  const [planId, setPlanId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => { setPlanId(null); setError(null); setFailure(null); onClose(); };
  const options = (plans.data?.results ?? []).filter((p) => p._id !== action?.booking.plan._id).map((p) => ({ value: p._id, label: `${p.planName} — ${planPrice(p)}` }));
  const isOffer = action?.kind === 'offer';
  const pending = change.isPending || offer.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!action) return;
    if (!planId) return setError('Plan is Required');
    setFailure(null);
    try {
      const body = { adminId: action.booking.adminId, planId };
      const result = isOffer ? await offer.mutateAsync(body) : await change.mutateAsync(body);
      notifySuccess(result.message);
      close();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <AppModal opened={action !== null} onClose={close} title={isOffer ? 'Send upgrade offer' : 'Change plan'}>
      {action && (
        <form noValidate onSubmit={(e) => void submit(e)} aria-label={isOffer ? 'Send upgrade offer' : 'Change plan'}>
          <Stack gap="md">
            <FormFailure message={failure} />
            <Text size="sm">
              {action.booking.school_name} is on {action.booking.plan.planName} ({planPrice(action.booking.plan)}).{' '}
              {isOffer ? 'The owner is emailed the offer with a link to their plan.' : 'The new plan’s limits and store apply now, its price from the next renewal.'}
            </Text>
            <Select label="New plan" required data={options} value={planId} onChange={(v) => { setPlanId(v); setError(null); }} error={error} />
            <FormActions onCancel={close} pending={pending} submitLabel={isOffer ? 'Send offer' : 'Change plan'} />
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
