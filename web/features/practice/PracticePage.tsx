import { useRequiredSession } from '../../lib/useSession';
import { StaffPractice } from './StaffPractice';
import { StudentPractice } from './StudentPractice';

/** /learning/practice: a student's own practice, or the assignments staff and teachers gave. */
export default function PracticePage() {
  const { user } = useRequiredSession();
  return user.permissions.reach === 'self' ? <StudentPractice studentId={user._id} /> : <StaffPractice role={user.role} />;
}
