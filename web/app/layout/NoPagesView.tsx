import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useSignOut } from '../../lib/sessionActions';

/** For an account whose role has no pages in this client: say so instead of redirecting forever. */
export default function NoPagesView() {
  const signOut = useSignOut();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>Nothing to show yet</Title>
        <Text c="dimmed">This account has no pages available. Please contact your school.</Text>
        <Button variant="light" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          Logout
        </Button>
      </Stack>
    </Center>
  );
}
