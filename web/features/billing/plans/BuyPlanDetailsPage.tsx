import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { FamilyPlanList } from './PlanCards';

/** /buyPlanDetails (student): the school's plans with what each gives, each opening its registration. */
export default function BuyPlanDetailsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Plan Details" subtitle="The plans your school offers. Choose one to ask for it." />
      <FamilyPlanList title="Available plans" />
    </Stack>
  );
}
