import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMailForward, IconPiano, IconPencil, IconUserOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { KIND_OF_ROLE, MEMBER_MESSAGES, type MemberProfile, type PersonRef, type PersonRole } from '../../../shared/contracts/members';
import { routesFor } from '../../../shared/routes';
import { ChildLessons, LessonHistory } from '../scheduling';
import { EarTrainingGoalCard } from '../ear-trainer';
import { EmptyCard } from '../../components/PageHeader';
import { DetailField } from '../../components/DetailField';
import { QueryError } from '../../components/QueryError';
import { ApiError, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { capitalize, fullName, roleLabel } from '../../lib/format';
import { formatDollars } from '../../../shared/money';
import { displayPhone } from '../../lib/phone';
import { useRequiredSession } from '../../lib/useSession';
import { useMemberProfile, useResendInvitation } from './api';
import { LIST_PATHS, offerFor, profilePath } from './kinds';
import { InstrumentsModal, MemberFormModal, type Editing } from './MemberModals';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title id={id} order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function People({ people, role, empty }: { people: PersonRef[] | undefined; role: PersonRole; empty: string }) {
  if (!people || people.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Group gap="xs">
      {people.map((p) => (
        <Anchor key={p._id} component={Link} to={profilePath(role, p._id)} size="sm">
          {fullName(p)}
        </Anchor>
      ))}
    </Group>
  );
}

/** Named records, as links where the viewer has a page for them. */
function Links({ items, to }: { items: { _id: string; name: string }[]; to: ((id: string) => string) | null }) {
  if (items.length === 0) return <>None</>;
  if (!to) return <>{items.map((i) => i.name).join(', ')}</>;
  return (
    <Group gap="xs">
      {items.map((i) => (
        <Anchor key={i._id} component={Link} to={to(i._id)} size="sm">
          {i.name}
        </Anchor>
      ))}
    </Group>
  );
}

/** Where an invitation is pending, staff may send it again (the older link stops working). */
function ResendInvitationButton({ member }: { member: MemberProfile }) {
  const resend = useResendInvitation(KIND_OF_ROLE[member.role as PersonRole]);
  const send = () =>
    resend.mutate(member._id, {
      onSuccess: () => notifySuccess(MEMBER_MESSAGES.invitationResent),
      onError: (error) => notifyError(errorMessage(error)),
    });
  return (
    <Button variant="default" leftSection={<IconMailForward size={16} />} onClick={send} loading={resend.isPending}>
      Resend invitation
    </Button>
  );
}

function address(m: MemberProfile): string {
  const place = [m.city, m.state, m.postal_code].filter(Boolean).join(', ');
  return [m.address1, place].filter(Boolean).join(' · ');
}

type Linkable = { classGroup: boolean; family: boolean };

function Details({ member, linkable, onEdit, onInstruments }: { member: MemberProfile; linkable: Linkable; onEdit: () => void; onInstruments: () => void }) {
  const memberRole = member.role;
  // The history carries the teachers' notes: staff and the student's teachers (the server scopes the rows).
  const { readsLessonHistory: seesHistory, reach } = useRequiredSession().user.permissions;
  const readsCalendars = reach !== 'provider';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {fullName(member)}
            </Title>
            <Badge color={member.status ? 'green' : 'gray'} variant="dot">
              {member.status ? 'Active' : 'Inactive'}
            </Badge>
            {member.invitationPending && (
              <Badge color="orange" variant="dot">
                Invitation pending
              </Badge>
            )}
          </Group>
          <Text c="dimmed" size="sm">
            {roleLabel(memberRole)} · {member.username}
          </Text>
        </Stack>
        <Group gap="sm">
          {member.canEdit && member.invitationPending && <ResendInvitationButton member={member} />}
          {member.role === 'student' && member.canEditInstruments && (
            <Button variant="default" leftSection={<IconPiano size={16} />} onClick={onInstruments}>
              Instruments
            </Button>
          )}
          {member.canEdit && (
            <Button leftSection={<IconPencil size={16} />} onClick={onEdit}>
              Edit
            </Button>
          )}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section id="contact-title" title="Contact">
          <SimpleGrid cols={2} spacing="md">
            <DetailField block label="Email">{member.email}</DetailField>
            <DetailField block label="Cell Phone">{displayPhone(member.cellPhone)}</DetailField>
            <DetailField block label="Address">{address(member)}</DetailField>
            <DetailField block label="Added">{new Date(member.createdAt).toLocaleDateString()}</DetailField>
          </SimpleGrid>
        </Section>

        {memberRole === 'student' && (
          <Section id="teaching-title" title="Lessons">
            <Stack gap="md">
              <DetailField block label="Instruments/Genres">
                {member.instruments && member.instruments.length > 0 ? (
                  <Group gap={6}>
                    {member.instruments.map((i) => (
                      <Badge key={i.genreId._id} variant="light" tt="none">
                        {i.genreId.name} · {capitalize(i.level)}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  'No instrument chosen yet'
                )}
              </DetailField>
              <DetailField block label="Teachers">
                <People people={member.teachers} role="teacher" empty="No teacher assigned yet" />
              </DetailField>
              <DetailField block label="Parents">
                <People people={member.parents} role="parent" empty="No parent linked" />
              </DetailField>
            </Stack>
          </Section>
        )}

        {/* The provider keeps no school's calendar (its calls refuse it: decision 090); a school's people do. */}
        {memberRole === 'student' && readsCalendars && (
          <Section id="upcoming-title" title="Upcoming lessons">
            <ChildLessons childId={member._id} />
          </Section>
        )}

        {memberRole === 'student' && seesHistory && (
          <Section id="ear-goal-title" title="Ear training">
            <EarTrainingGoalCard studentId={member._id} />
          </Section>
        )}

        {memberRole === 'student' && seesHistory && (
          <Section id="history-title" title="Lesson history">
            <LessonHistory studentId={member._id} name={fullName(member)} />
          </Section>
        )}

        {memberRole === 'teacher' && (
          <Section id="teaching-title" title="Teaching">
            <Stack gap="md">
              <DetailField block label="Instruments/Genres">{(member.genres ?? []).map((g) => g.name).join(', ')}</DetailField>
              {member.private_rate !== undefined && (
                <SimpleGrid cols={2}>
                  <DetailField block label="Private lesson rate">{formatDollars(member.private_rate)}</DetailField>
                  <DetailField block label="Class/Group lesson rate">{formatDollars(member.class_group_rate ?? 0)}</DetailField>
                </SimpleGrid>
              )}
              {member.studentCount !== undefined && <DetailField block label="Students">{String(member.studentCount)}</DetailField>}
            </Stack>
          </Section>
        )}

        {memberRole === 'parent' && (
          <Section id="family-title" title="Children">
            <People people={member.children} role="student" empty="No children linked yet" />
          </Section>
        )}

        {memberRole === 'subadmin' && (
          <Section id="access-title" title="Access">
            <DetailField block label="Payroll report">{member.allow_payroll_report ? 'Allowed' : 'Not allowed'}</DetailField>
          </Section>
        )}

        <Section id="groups-title" title="Classes/Groups and families">
          <SimpleGrid cols={2} spacing="md">
            <DetailField block label="Classes/Groups">
              <Links items={member.classGroups} to={linkable.classGroup ? (id) => `/classes/group/${encodeURIComponent(id)}` : null} />
            </DetailField>
            <DetailField block label="Families">
              <Links items={member.families} to={linkable.family ? (id) => `/family/${encodeURIComponent(id)}` : null} />
            </DetailField>
          </SimpleGrid>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}

/** Anyone's profile the viewer may see (/member/:slug/:id and /user/:slug/:id; the slug is the role). */
export default function MemberProfilePage() {
  const { slug, id } = useParams();
  const { user } = useRequiredSession();
  const profile = useMemberProfile(id);
  const [editing, setEditing] = useState<Editing>(null);
  const [instrumentsOpen, setInstrumentsOpen] = useState(false);
  const role = profile.data?.role ?? (slug && slug in KIND_OF_ROLE ? (slug as PersonRole) : undefined);
  const kind = role ? KIND_OF_ROLE[role] : undefined;
  // Lists, groups and families link only where the viewer's route table has their pages.
  const routes = routesFor(user.role);
  const backTo = kind && offerFor(user, kind).list && routes.some((r) => r.path === LIST_PATHS[kind]) ? LIST_PATHS[kind] : null;
  const linkable: Linkable = {
    classGroup: routes.some((r) => r.path === '/classes/group/:id'),
    family: routes.some((r) => r.path === '/family/:slug'),
  };

  let body: ReactNode;
  if (profile.isPending) {
    body = (
      <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading profile">
        <Skeleton h={36} w={280} />
        <Skeleton h={180} />
      </Stack>
    );
  } else if (profile.isError && profile.error instanceof ApiError && (profile.error.status === 404 || profile.error.status === 403)) {
    body = (
      <EmptyCard icon={<IconUserOff size={28} />} title="Member not found" description="They may have been removed, or the link is wrong." />
    );
  } else if (profile.isError) {
    body = <QueryError error={profile.error} onRetry={() => void profile.refetch()} title="Could not load this profile" />;
  } else {
    body = (
      <Details
        member={profile.data}
        linkable={linkable}
        onEdit={() => setEditing({ mode: 'edit', id: profile.data._id })}
        onInstruments={() => setInstrumentsOpen(true)}
      />
    );
  }

  return (
    <Stack gap="md">
      {backTo && kind && (
        <Anchor component={Link} to={backTo} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Back to the list
          </Group>
        </Anchor>
      )}
      {body}
      {kind && <MemberFormModal kind={kind} editing={editing} onClose={() => setEditing(null)} />}
      <InstrumentsModal student={instrumentsOpen && profile.data ? profile.data : null} onClose={() => setInstrumentsOpen(false)} />
    </Stack>
  );
}
