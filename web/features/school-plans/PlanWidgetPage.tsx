import { Card, EmptyState, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { useSchoolPlans } from './api';
import { CopyField } from '../../components/CopyField';
import { signupSnippet, signupUrl } from './signupLink';
import { planPrice } from './format';

/** /schoolbilling/planwidget: a registration link and snippet for each plan (the plan chosen already). */
export default function PlanWidgetPage() {
  const plans = useSchoolPlans({ page: 1, limit: 100 });
  return (
    <Stack gap="lg">
      <PageHeader title="Plan Widget" subtitle="A registration link for each plan: the visitor lands on it with the plan chosen." />
      {plans.isPending ? (
        <Skeleton h={160} aria-label="Loading the plans" />
      ) : plans.isError ? (
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} title="Could not load the plans" />
      ) : plans.data.results.length === 0 ? (
        <EmptyState icon={<IconReceipt size={28} />} title="No plans yet" description="Make a plan in Plan Builder first." />
      ) : (
        plans.data.results.map((plan) => {
          const url = signupUrl(plan._id);
          return (
            <Card key={plan._id} withBorder radius="md" padding="lg" component="section" aria-label={`${plan.planName} widget`}>
              <Stack gap="sm">
                <Title order={2} size="h4">{plan.planName}</Title>
                <Text size="sm" c="dimmed">{planPrice(plan)}</Text>
                <CopyField label={`${plan.planName} registration page`} value={url} />
                <CopyField label={`${plan.planName} embed snippet`} value={signupSnippet(url)} />
              </Stack>
            </Card>
          );
        })
      )}
    </Stack>
  );
}
