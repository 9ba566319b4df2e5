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

export default function DashboardPage() {
  const session = useRequiredSession();
  const { user } = session;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {greetingFor(new Date().getHours())}, {user.first_name}
      </Title>
      {!user.emailVerified && <VerifyEmailNotice email={user.email} />}
      <TodayGlance />
      <FigureCards />
      {user.permissions.reach === 'self' && <BeyondMenuCards session={session} />}
      {canActAsOthers(session) && <LoginAsCard />}
      {routesFor(user.role).some((r) => r.path === ACTIVITIES_PATH) && <RecentActivitiesCard />}
    </Stack>
  );
}
