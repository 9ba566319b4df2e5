import { Button, EmptyState, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/ListPagination';
import { QueryError } from '../../../components/QueryError';
import { usePagedResults } from '../../../lib/useListState';
import { PLAN_PAGE_SIZE, useFamilyPlans } from './api';
import { PlanCard } from './PlanCard';

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
