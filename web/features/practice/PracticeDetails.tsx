import { Badge, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { PracticeAssignment } from '../../../shared/contracts/practice';
import { DetailField } from '../../components/DetailField';
import { fullName } from '../../lib/format';
import { dueDate } from './format';
import { PracticeStatusBadge } from './PracticeStatusBadge';
import { ResponsiveTable } from '../../components/ResponsiveTable';

/** An assignment as its teacher sees it: what was asked, and each student's progress song by song. */
export function PracticeDetails({ item }: { item: PracticeAssignment }) {
  const total = item.countSong;
  return (
    <Stack gap="md">
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <DetailField label="Due Date">{dueDate(item.due_date)}</DetailField>
          <DetailField label="Minutes per day">{item.minutesPerDay}</DetailField>
          <DetailField label="Class/Group">{item.classGroup?.name ?? '—'}</DetailField>
          <DetailField label="Assigned by">{item.assignedBy ? fullName(item.assignedBy) : '—'}</DetailField>
        </SimpleGrid>
        {item.instructions && (
          <Stack gap={2} mt="md">
            <Text size="sm" c="dimmed">Instructions</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{item.instructions}</Text>
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">Songs or pieces</Title>
        <ResponsiveTable columns={['Song or piece', 'Composer / artist', 'Done by']} label="Songs or pieces" minWidth={420}>
          {item.items.map((song) => (
            <Table.Tr key={song._id}>
              <Table.Td>{song.title}</Table.Td>
              <Table.Td>{song.artist || '—'}</Table.Td>
              <Table.Td>{song.completedBy.length} of {item.students.length}</Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      </Card>
      <Card withBorder radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">Students</Title>
          <PracticeStatusBadge item={item} />
        </Group>
        <ResponsiveTable columns={['Student', 'Progress', 'Status']} label="Students’ progress" minWidth={420}>
          {item.students.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td>{fullName(s)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={total ? (100 * s.completedItems) / total : 0} w={120} aria-label={`${fullName(s)}: ${s.completedItems} of ${total} done`} />
                  <Text size="sm">{s.completedItems} of {total}</Text>
                </Group>
              </Table.Td>
              <Table.Td>{s.completed ? <Badge color="teal.9" variant="outline">Complete</Badge> : <Badge color="blue" variant="light">Incomplete</Badge>}</Table.Td>
            </Table.Tr>
          ))}
        </ResponsiveTable>
      </Card>
    </Stack>
  );
}
