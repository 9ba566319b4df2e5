import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconSchoolOff } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { SchoolDetails } from '../../../shared/contracts/schools';
import type { AddRole } from '../../../shared/roles';
import { EmptyCard } from '../../components/PageHeader';
import { DetailField } from '../../components/DetailField';
import { QueryError } from '../../components/QueryError';
import { ApiError } from '../../lib/api';
import { displayPhone } from '../../lib/phone';
import { useSchoolDetails } from './api';
import { cityState, listPathFor, roleNoun } from './labels';
import { SchoolFormModal, type Editing } from './SchoolModals';
import { MerchantCard } from './MerchantCard';
import { SchoolStoreSwitch } from '../store';
import { ProviderPlanCard } from './ProviderPlanCard';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

function Details({ school, onEdit }: { school: SchoolDetails; onEdit: () => void }) {
  const privateTeacher = school.addrole === 'Private teacher';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {school.school_name}
            </Title>
            <Badge color={school.status ? 'green' : 'gray'} variant="light" c="dark.7">
              {school.status ? 'Active' : 'Inactive'}
            </Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {roleNoun(school.addrole)}
          </Text>
        </Stack>
        <Button leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 1, xs: privateTeacher ? 2 : 3 }}>
        {!privateTeacher && <Figure label="Teachers" value={school.teacherCount} />}
        <Figure label="Active students" value={school.activeStudentCount} />
        <Figure label="Total students" value={school.studentCount} />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="owner-title">
          <Title id="owner-title" order={2} size="h4" mb="md">
            Owner
          </Title>
          <SimpleGrid cols={2} spacing="md">
            <DetailField label="Name">
              {school.first_name} {school.last_name}
            </DetailField>
            <DetailField label="Username">{school.username}</DetailField>
            <DetailField label="Email">{school.email}</DetailField>
            <DetailField label="Working Phone">{displayPhone(school.working_phone)}</DetailField>
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="school-title">
          <Title id="school-title" order={2} size="h4" mb="md">
            {roleNoun(school.addrole)} details
          </Title>
          <SimpleGrid cols={2} spacing="md">
            <DetailField label="Address">{school.address1}</DetailField>
            <DetailField label="City / State">{cityState(school.city, school.state)}</DetailField>
            <DetailField label="Postal Code">{school.postal_code}</DetailField>
            <DetailField label="Country">{school.country}</DetailField>
            <DetailField label="Added">{new Date(school.createdAt).toLocaleDateString()}</DetailField>
          </SimpleGrid>
        </Card>
      </SimpleGrid>

      <ProviderPlanCard adminId={school._id} />
      <MerchantCard adminId={school._id} />
      <SchoolStoreSwitch adminId={school._id} />
    </Stack>
  );
}

/** The superadmin's view of one school or private teacher (docs/domains/schools.md "Screens and routes"): one page for both routes. */
export default function SchoolDetailsPage() {
  const { id } = useParams();
  const routeRole: AddRole = useLocation().pathname.includes('view-teacher-details') ? 'Private teacher' : 'School';
  const details = useSchoolDetails(id);
  const [editing, setEditing] = useState<Editing>(null);
  const addrole = details.data?.addrole ?? routeRole;
  const listTitle = addrole === 'School' ? 'Schools' : 'Private Teachers';

  let body: ReactNode;
  if (details.isPending) {
    body = (
      <Stack gap="lg" aria-busy="true" aria-label="Loading details">
        <Skeleton h={36} w={280} />
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Skeleton h={80} />
          <Skeleton h={80} />
          <Skeleton h={80} />
        </SimpleGrid>
        <Skeleton h={180} />
      </Stack>
    );
  } else if (details.isError && details.error instanceof ApiError && details.error.status === 404) {
    body = (
      <EmptyCard
        icon={<IconSchoolOff size={28} />}
        title="School not found"
        description="It may have been deleted, or the link is wrong."
      />
    );
  } else if (details.isError) {
    body = <QueryError error={details.error} onRetry={() => void details.refetch()} title="Could not load this school" />;
  } else {
    body = <Details school={details.data} onEdit={() => setEditing({ mode: 'edit', id: details.data._id, addrole })} />;
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={listPathFor(addrole)} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Back to {listTitle}
        </Group>
      </Anchor>
      {body}
      <SchoolFormModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
