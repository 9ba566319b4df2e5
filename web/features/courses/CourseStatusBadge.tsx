import { Badge } from '@mantine/core';
import { COURSE_STATUS_LABELS, type CourseItem } from '../../../shared/contracts/courses';

const COLORS = { approved: 'green', waiting: 'yellow', rejected: 'red' } as const;

/** The course's approval state; the provider's courses say whose they are instead. */
export function CourseStatusBadge({ course }: { course: Pick<CourseItem, 'status' | 'provider'> }) {
  if (course.provider) return <Badge variant="light" color="grape" c="dark.7" tt="none">Provider course</Badge>;
  return <Badge variant="light" color={COLORS[course.status]} c="dark.7" tt="none">{COURSE_STATUS_LABELS[course.status]}</Badge>;
}
