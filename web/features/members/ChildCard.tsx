import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Child } from '../../../shared/contracts/members';
import type { Level } from '../../../shared/constants';
import { capitalize, fullName } from '../../lib/format';
import { ChildLessons, ChildReminderSwitch, MakeupCredits } from '../scheduling';

const LEVEL_COLORS: Record<Level, string> = {
  // teal and green light badges fall short of 4.5:1 contrast; cyan, blue and grape pass.
  beginner: 'cyan',
  intermediate: 'blue',
  advanced: 'grape',
};

type Props = {
  child: Child;
  /** The parent's view: the child's coming lessons and reminder emails. */
  withLessons?: boolean;
  /** Set when the viewer may open the child's own view (login as). */
  onLoginAs?: () => void;
  loggingIn?: boolean;
};

export function ChildCard({ child, withLessons = false, onLoginAs, loggingIn = false }: Props) {
  const name = fullName(child);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {child.username}
            </Text>
          </div>
          <Badge color={child.status ? 'green' : 'gray'} variant="dot">
            {child.status ? 'Active' : 'Inactive'}
          </Badge>
        </Group>

        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
            Instruments
          </Text>
          {child.instruments.length === 0 ? (
            <Text size="sm">No instrument chosen yet</Text>
          ) : (
            <Group gap={6}>
              {child.instruments.map(({ genreId, level }) => (
                <Badge key={genreId._id} color={LEVEL_COLORS[level]} variant="light" tt="none">
                  {genreId.name} · {capitalize(level)}
                </Badge>
              ))}
            </Group>
          )}
        </div>

        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
            Teachers
          </Text>
          <Text size="sm">
            {child.teachers.length === 0
              ? 'No teacher assigned yet'
              : child.teachers.map(fullName).join(', ')}
          </Text>
        </div>

        {withLessons && <ChildLessons childId={child._id} />}
        {withLessons && <MakeupCredits studentId={child._id} name={name} />}
        {withLessons && <ChildReminderSwitch childId={child._id} name={name} />}

        {onLoginAs && (
          <Button
            mt="auto"
            variant="light"
            aria-label={`Login as ${name}`}
            loading={loggingIn}
            onClick={onLoginAs}
          >
            Login as
          </Button>
        )}
      </Stack>
    </Card>
  );
}
