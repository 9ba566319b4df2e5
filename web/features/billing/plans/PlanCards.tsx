import { Badge, Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PlanItem } from '../../../../shared/contracts/student-plans';
import { ListPagination } from '../../../components/ListPagination';
import { QueryError } from '../../../components/QueryError';
import { fullName } from '../../../lib/format';
import { usePagedResults } from '../../../lib/useListState';
import { PLAN_PAGE_SIZE, useFamilyPlans } from './api';
import { priceLabel } from './format';

export function PlanCard({ plan, action }: { plan: PlanItem; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={plan.planName}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4">{plan.planName}</Title>
          {plan.isFree && <Badge variant="light" color="teal" c="dark.7">Free</Badge>}
        </Group>
        <Text size="xl" fw={700}>{priceLabel(plan)}<Text span size="sm" c="dimmed" fw={400}> {plan.isFree ? '' : `· ${plan.summary.split(', ').at(-1)}`}</Text></Text>
        <Text size="sm">{plan.summary}</Text>
        {plan.instrument && <Text size="sm" c="dimmed">{plan.instrument.name}</Text>}
        {plan.classGroup && <Text size="sm" c="dimmed">Class/Group: {plan.classGroup.name}</Text>}
        {plan.teachers.length > 0 && <Text size="sm" c="dimmed">With {plan.teachers.map(fullName).join(', ')}</Text>}
        {plan.description && <Text size="sm">{plan.description}</Text>}
        <div style={{ flex: 1 }} />
        {action}
      </Stack>
    </Card>
  );
}

/** The school's plans a family may ask for, six a page, each opening its registration. */
export function FamilyPlanList({ title = 'Plans' }: { title?: string }) {
  const [page, setPage] = useState(1);
  const plans = useFamilyPlans(page);
  const { results, totalPages } = usePagedResults(plans.data, PLAN_PAGE_SIZE, page, setPage);
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">{title}</Title>
      {plans.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label="Loading the plans">
          <Skeleton h={160} radius="md" /><Skeleton h={160} radius="md" />
        </SimpleGrid>
      ) : plans.isError ? (
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} title="Could not load the plans" />
      ) : results.length === 0 ? (
        <EmptyState icon={<IconChecklist size={28} />} title="No plans yet" description="Your school has not published any plan yet." />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {results.map((plan) => (
              <PlanCard key={plan._id} plan={plan} action={
                <Button component={Link} to={`/plan-registration/${plan._id}`} variant="light" aria-label={`Choose ${plan.planName}`}>Choose plan</Button>
              } />
            ))}
          </SimpleGrid>
          {totalPages > 1 && <ListPagination page={page} totalPages={totalPages} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
