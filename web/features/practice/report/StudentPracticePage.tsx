import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { useRequiredSession } from '../../../lib/useSession';
import { PracticeReport } from './PracticeReport';
import { StudentPicker } from './StudentPicker';

/** /reporting/student-practice: a student's own practice report; a parent picks a child. */
export default function StudentPracticePage() {
  const { user } = useRequiredSession();
  return (
    <Stack gap="lg">
      <PageHeader title="Student Practice" subtitle="Minutes practised a day and a week, streaks, and assignments complete and incomplete." />
      {user.permissions.reach === 'self' ? <PracticeReport studentId={user._id} /> : <StudentPicker label="Child" render={(id) => <PracticeReport studentId={id} />} />}
    </Stack>
  );
}
