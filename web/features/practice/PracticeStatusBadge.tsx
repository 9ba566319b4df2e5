import { Badge } from '@mantine/core';
import type { PracticeAssignment } from '../../../shared/contracts/practice';

/** Complete, overdue or open: what a list and a card show beside the due date. */
export function PracticeStatusBadge({ item }: { item: Pick<PracticeAssignment, 'completed' | 'overdue'> }) {
  if (item.completed) return <Badge color="teal.9" variant="outline">Complete</Badge>;
  if (item.overdue) return <Badge color="red.9" variant="outline">Overdue</Badge>;
  return <Badge color="blue" variant="light">Incomplete</Badge>;
}
