import { Button, Card, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { usePractice } from './api';
import { PracticeForm } from './PracticeForm';

/** /learning/assign-practice and /learning/assign-practice-update/{practiceAssign_Id}: the teacher's form. */
export default function AssignPracticePage() {
  const { practiceAssign_Id: id } = useParams();
  const navigate = useNavigate();
  const existing = usePractice(id);
  const done = () => void navigate('/learning/practice');
  return (
    <Stack gap="lg">
      <PageHeader
        title={id ? 'Update Practice Assignment' : 'Assign Practice'}
        subtitle="Songs or pieces for students or a class/group, with a due date and minutes a day."
        actions={<Button component={Link} to="/learning/practice" variant="default">Back to Practice</Button>}
      />
      <Card withBorder radius="md" maw={900}>
        {id ? (
          <QueryContent query={existing} loadingLabel="Loading the practice" errorTitle="Could not load the practice">
            {(item) => <PracticeForm item={item} onDone={done} />}
          </QueryContent>
        ) : (
          <PracticeForm item={null} onDone={done} />
        )}
      </Card>
    </Stack>
  );
}
