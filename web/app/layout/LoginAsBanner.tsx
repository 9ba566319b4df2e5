import { Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { SessionUser } from '../../../shared/contracts/auth';
import { fullName } from '../../lib/format';
import { useEndLoginAs } from '../../lib/sessionActions';

export const LOGIN_AS_BANNER_HEIGHT = 44;

/** Always visible while acting as someone else, so nobody forgets whose account this is. */
export function LoginAsBanner({ user }: { user: SessionUser }) {
  const endLoginAs = useEndLoginAs();
  return (
    <Group
      role="status"
      h={LOGIN_AS_BANNER_HEIGHT}
      px="md"
      justify="center"
      gap="md"
      bg="yellow.2"
      wrap="nowrap"
    >
      <Text fw={600} size="sm">
        Acting as {fullName(user)}
      </Text>
      <Button
        size="compact-sm"
        color="dark"
        leftSection={<IconArrowBackUp size={16} />}
        loading={endLoginAs.isPending}
        onClick={() => endLoginAs.mutate()}
      >
        Back to my account
      </Button>
    </Group>
  );
}
