import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PlanItem } from '../../../../shared/contracts/student-plans';
import { fullName } from '../../../lib/format';
import { priceLabel } from './format';

/** One plan as families (and visitors of the plan widget) see it, with an action under it. */
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
