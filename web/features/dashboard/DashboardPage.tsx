import { Stack, Title } from '@mantine/core';
import { greetingFor } from '../../../shared/constants';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { canActAsOthers } from '../../lib/sessionActions';
import { useRequiredSession } from '../../lib/useSession';
import { FigureCards } from './FigureCards';
import { TodayGlance } from './TodayGlance';
import { BeyondMenuCards } from './BeyondMenuCards';
import { LoginAsCard } from './LoginAsCard';
import { ACTIVITIES_PATH, RecentActivitiesCard } from './RecentActivitiesCard';
import { routesFor } from '../../../shared/routes';
import { SETUP_CHECKLIST_ROUTES } from '../../../shared/contracts/school-setup';
import { mayCall } from '../../../shared/permissions';
import { SetupChecklistCard } from './SetupChecklistCard';

export default function DashboardPage() {
  const session = useRequiredSession();
  const { user } = session;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {greetingFor(new Date().getHours())}, {user.first_name}
      </Title>
      {!user.emailVerified && <VerifyEmailNotice email={user.email} />}
      {mayCall(SETUP_CHECKLIST_ROUTES.get, user) && <SetupChecklistCard user={user} />}
      <TodayGlance />
      <FigureCards />
      {user.permissions.reach === 'self' && <BeyondMenuCards session={session} />}
      {canActAsOthers(session) && <LoginAsCard />}
      {routesFor(user.role).some((r) => r.path === ACTIVITIES_PATH) && <RecentActivitiesCard />}
    </Stack>
  );
}
