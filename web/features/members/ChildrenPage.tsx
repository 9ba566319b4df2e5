import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconMoodKid } from '@tabler/icons-react';
import { EmptyCard } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { VerifyEmailNotice } from '../../components/VerifyEmailNotice';
import { canActAsOthers, useStartLoginAs } from '../../lib/sessionActions';
import { useRequiredSession } from '../../lib/useSession';
import { useChildren } from './api';
import { ChildCard } from './ChildCard';

const GRID_COLS = { base: 1, sm: 2, xl: 3 };

function ChildrenList() {
  const session = useRequiredSession();
  const children = useChildren();
  const startLoginAs = useStartLoginAs();

  if (children.isPending) {
    return (
      <SimpleGrid cols={GRID_COLS} role="status" aria-busy="true" aria-label="Loading children">
        <Skeleton h={220} radius="md" />
        <Skeleton h={220} radius="md" />
      </SimpleGrid>
    );
  }
  if (children.isError) {
    return (
      <QueryError error={children.error} onRetry={() => void children.refetch()} title="Could not load your children" />
    );
  }
  if (children.data.length === 0) {
    return (
      <EmptyCard
        icon={<IconMoodKid size={28} />}
        title="No children linked yet"
        description="When your school links a student to your account, they appear here."
      />
    );
  }
  // A parent may open a child's own view (docs/domains/roles-and-navigation.md "What it does").
  const mayLoginAs = canActAsOthers(session);
  return (
    <SimpleGrid cols={GRID_COLS}>
      {children.data.map((child) => (
        <ChildCard
          key={child._id}
          child={child}
          withLessons
          onLoginAs={mayLoginAs ? () => startLoginAs.mutate(child._id) : undefined}
          loggingIn={startLoginAs.isPending && startLoginAs.variables === child._id}
        />
      ))}
    </SimpleGrid>
  );
}

/** The parent's home (docs/domains/members.md "Screens and routes"). */
export default function ChildrenPage() {
  const { user } = useRequiredSession();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        My Children
      </Title>
      {/* Parents have no dashboard: their home asks them to verify their address instead. */}
      {!user.emailVerified && <VerifyEmailNotice email={user.email} />}
      <ChildrenList />
    </Stack>
  );
}
