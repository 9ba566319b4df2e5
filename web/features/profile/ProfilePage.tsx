import { Card, Divider, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '../../../shared/contracts/profile';
import { QueryError } from '../../components/QueryError';
import { fullName } from '../../lib/format';
import { useProfile } from './api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
    </div>
  );
}

function Identity({ profile }: { profile: Profile }) {
  return (
    // Two columns: an email address needs the room of one.
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ReadOnlyField label="Name" value={fullName(profile)} />
      <ReadOnlyField label="Username" value={profile.username} />
      <ReadOnlyField label="Email" value={profile.email ?? 'Not set'} />
    </SimpleGrid>
  );
}

function ProfileSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading profile">
      <Skeleton h={40} />
      <Skeleton h={36} />
      <Skeleton h={36} />
      <Skeleton h={36} />
    </Stack>
  );
}

export default function ProfilePage() {
  const profile = useProfile();
  return (
    <Stack gap="lg" maw={880}>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="profile-title">
        <Title id="profile-title" order={1} size="h3" mb="md">
          Profile
        </Title>
        {profile.isPending ? (
          <ProfileSkeleton />
        ) : profile.isError ? (
          <QueryError error={profile.error} onRetry={() => void profile.refetch()} title="Could not load your profile" />
        ) : (
          <Stack gap="lg">
            <Identity profile={profile.data} />
            <Divider />
            <ProfileForm profile={profile.data} />
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="password-title">
        <Title id="password-title" order={2} size="h3" mb="md">
          Change Password
        </Title>
        <ChangePasswordForm />
      </Card>
    </Stack>
  );
}
