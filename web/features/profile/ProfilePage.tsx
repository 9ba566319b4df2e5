import { Card, Divider, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { Profile } from '../../../shared/contracts/profile';
import { QueryError } from '../../components/QueryError';
import { fullName } from '../../lib/format';
import { useRequiredSession } from '../../lib/useSession';
import { useProfile } from './api';
import { CalendarFeedCard, LessonRemindersCard } from '../scheduling';
import { PushDeviceSwitch } from '../web-push';
import { LearnMoreAboutCard } from '../learn-more';
import { DataExportCard } from '../data-export';
import { hasPush } from '../../../shared/contracts/web-push';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';

/**
 * An address that does not fit its line breaks where a reader expects it, after the "@" or
 * before a dot ("ada.lovelace@riversidemusic" / ".example"), not inside a word.
 */
function emailWithBreaks(email: string): ReactNode {
  return email.split(/(?<=@)|(?=\.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

type FieldProps = { label: string; children: ReactNode; fullRow?: boolean };

function ReadOnlyField({ label, children, fullRow = false }: FieldProps) {
  return (
    <div style={fullRow ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* Only a single part longer than the whole line is broken mid-word. */}
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

function Identity({ profile }: { profile: Profile }) {
  return (
    // The email address gets a row of its own: it is the longest value by far.
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <ReadOnlyField label="Name">{fullName(profile)}</ReadOnlyField>
      <ReadOnlyField label="Username">{profile.username}</ReadOnlyField>
      <ReadOnlyField label="Email" fullRow>
        {profile.email ? emailWithBreaks(profile.email) : 'Not set'}
      </ReadOnlyField>
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
  const { user, actor } = useRequiredSession();
  // Everyone but the provider has lessons on a calendar: the reminder switch and the calendar link are theirs.
  const hasLessons = user.permissions.reach !== 'provider';
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
      {hasLessons && <LessonRemindersCard />}
      {/* The calendar link outlives a session: the server gives it to its owner only, not in login-as. */}
      {hasLessons && !actor && <CalendarFeedCard />}
      {/* A browser's pushes are the signed-in person's own: not offered in login-as (the server refuses it too). */}
      {hasPush(user.role) && !actor && <PushDeviceSwitch userId={user._id} />}
      {user.permissions.runsSchool && user.adminId && <LearnMoreAboutCard schoolId={user.adminId} />}
      {/* A student's or parent's own export (decision 092): theirs to ask for, not in login-as (the server refuses it too). */}
      {!actor && <DataExportCard scope="mine" />}
    </Stack>
  );
}
