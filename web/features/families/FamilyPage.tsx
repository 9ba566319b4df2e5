import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHomeHeart, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyCard } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { ApiError } from '../../lib/api';
import { useFamily } from './api';
import { DeleteFamilyModal } from './DeleteFamilyModal';
import { FamilyForm } from './FamilyForm';
import { FamilyList } from './FamilyList';
import { ADD_FAMILY_PATH, ADD_SLUG } from './paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function AddFamily() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Add Family
        </Title>
        <Text c="dimmed" size="sm">
          A family is a household: its parents and its children. A child of two households belongs to two families.
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="lg" component="section" aria-label="New family">
        <FamilyForm />
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="families-title">
        <Title id="families-title" order={2} size="h4" mb="md">
          Families
        </Title>
        <FamilyList />
      </Card>
    </Stack>
  );
}

function NotFound() {
  return (
    <EmptyCard icon={<IconHomeHeart size={28} />} title="Family not found" description="It may have been deleted, or the link is wrong." />
  );
}

function EditFamily({ id }: { id: string }) {
  const navigate = useNavigate();
  const family = useFamily(id);
  const [deleting, setDeleting] = useState(false);
  const back = () => void navigate(ADD_FAMILY_PATH);

  let body;
  if (family.isPending) {
    body = (
      <Stack gap="md" aria-busy="true" aria-label="Loading family">
        <Skeleton h={36} w={280} />
        <Skeleton h={220} />
      </Stack>
    );
  } else if (family.isError && family.error instanceof ApiError && family.error.status === 404) {
    body = <NotFound />;
  } else if (family.isError) {
    body = <QueryError error={family.error} onRetry={() => void family.refetch()} title="Could not load this family" />;
  } else {
    body = (
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={1} size="h2">
            {family.data.name}
          </Title>
          <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Group>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Family">
          <FamilyForm key={family.data._id} family={family.data} onDone={back} onCancel={back} />
        </Card>
        <DeleteFamilyModal family={deleting ? family.data : null} onClose={() => setDeleting(false)} onDeleted={back} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={ADD_FAMILY_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Back to families
        </Group>
      </Anchor>
      {body}
    </Stack>
  );
}

/**
 * /family/{slug} (docs/domains/members.md "Screens and routes"): the slug "add" is the Add Family page with the school's
 * families below it; a family's id opens that family for editing.
 */
export default function FamilyPage() {
  const { slug = '' } = useParams();
  if (slug === ADD_SLUG) return <AddFamily />;
  if (!UUID.test(slug)) return <NotFound />;
  return <EditFamily id={slug} />;
}
