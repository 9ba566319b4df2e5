import { Button, Group, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { matchRoute } from '../../../shared/routes';
import { PageHeader } from '../../components/PageHeader';
import { QueryContent } from '../../components/QueryContent';
import { useRequiredSession } from '../../lib/useSession';
import { usePractice } from './api';
import { PracticeCard } from './PracticeCard';
import { PracticeDetails } from './PracticeDetails';

/** /learning/view-practice/{id}: a student's assignment to tick, or its students' progress for a teacher. */
export default function ViewPracticePage() {
  const { id } = useParams();
  const { user } = useRequiredSession();
  const practice = usePractice(id);
  const student = user.permissions.reach === 'self';
  const canEditHere = matchRoute(user.role, '/learning/assign-practice-update/x') !== undefined;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Practice Details"
        actions={
          <Group gap="xs">
            {practice.data?.canEdit && canEditHere && (
              <Button component={Link} to={`/learning/assign-practice-update/${practice.data._id}`}>Edit</Button>
            )}
            <Button component={Link} to="/learning/practice" variant="default">Back to Practice</Button>
          </Group>
        }
      />
      <QueryContent query={practice} loadingLabel="Loading the practice" errorTitle="Could not load the practice">
        {(item) => (student ? <PracticeCard item={item} detailsLink={false} /> : <PracticeDetails item={item} />)}
      </QueryContent>
    </Stack>
  );
}
