import { Button, Center, Loader, Stack, Text } from '@mantine/core';

/** docs/domains/roles-and-navigation.md "Messages": a render error shows a fallback loading view; Reload starts over. */
export function ErrorFallback() {
  return (
    <Center mih="60vh" role="alert">
      <Stack align="center" gap="md">
        <Loader color="gray" />
        <Text fw={500}>Something went wrong</Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
