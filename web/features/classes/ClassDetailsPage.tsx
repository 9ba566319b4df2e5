import { Anchor, Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { ClassDetails } from '../../../shared/contracts/classes';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { ApiError } from '../../lib/api';
import { fullName } from '../../lib/format';
import { useClassDetails } from './api';
import { ClassFormModal, DeleteClassModal, type Editing } from './ClassModals';
import { CLASSES_PATH, studentProfilePath } from './paths';

function Details({ group, onEdit, onDelete }: { group: ClassDetails; onEdit: () => void; onDelete: () => void }) {
  return (
    <Stack gap="lg">
      <PageHeader
        align="flex-start"
        title={group.name}
        subtitle={`Class/Group · added ${new Date(group.createdAt).toLocaleDateString()}`}
        actions={
          group.canEdit && (
            <Group gap="sm">
              <Button leftSection={<IconPencil size={16} />} onClick={onEdit}>
                Edit
              </Button>
              <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
                Delete
              </Button>
            </Group>
          )
        }
      />

      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="teacher-title">
          <Title id="teacher-title" order={2} size="h4" mb="sm">
            Teacher
          </Title>
          <Text size="sm" c={group.teacher ? undefined : 'dimmed'}>
            {group.teacher ? fullName(group.teacher) : 'No teacher: edit the group to choose one.'}
          </Text>
        </Card>
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby="students-title"
          style={{ gridColumn: 'span 2' }}
        >
          <Group justify="space-between" mb="sm">
            <Title id="students-title" order={2} size="h4">
              Students
            </Title>
            <Badge variant="light">{group.students.length}</Badge>
          </Group>
          {group.students.length === 0 ? (
            <Text size="sm" c="dimmed">
              No students in this group yet.
            </Text>
          ) : (
            <List spacing="xs" listStyleType="none" aria-label="Students of the group">
              {group.students.map((student) => (
                <List.Item key={student._id}>
                  <Group gap="xs">
                    <Anchor component={Link} to={studentProfilePath(student._id)} size="sm">
                      {fullName(student)}
                    </Anchor>
                    {!student.status && (
                      <Badge color="gray" variant="light" size="sm">
                        Inactive
                      </Badge>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/** One class/group (docs/domains/members.md "Screens and routes", /classes/group/{id}): its teacher and students. */
export default function ClassDetailsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const details = useClassDetails(id);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ClassDetails | null>(null);

  let body: ReactNode;
  if (details.isPending) {
    body = (
      <Stack gap="lg" aria-busy="true" aria-label="Loading class/group">
        <Skeleton h={36} w={280} />
        <Skeleton h={160} />
      </Stack>
    );
  } else if (details.isError && details.error instanceof ApiError && [400, 404].includes(details.error.status)) {
    body = (
      <EmptyCard icon={<IconUsersGroup size={28} />} title="Class/Group not found" description="It may have been deleted, or the link is wrong." />
    );
  } else if (details.isError) {
    body = <QueryError error={details.error} onRetry={() => void details.refetch()} title="Could not load this class/group" />;
  } else {
    body = (
      <Details
        group={details.data}
        onEdit={() => setEditing({ mode: 'edit', id: details.data._id })}
        onDelete={() => setDeleting(details.data)}
      />
    );
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={CLASSES_PATH} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          Back to Classes/Groups
        </Group>
      </Anchor>
      {body}
      <ClassFormModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteClassModal group={deleting} onClose={() => setDeleting(null)} onDeleted={() => void navigate(CLASSES_PATH)} />
    </Stack>
  );
}
