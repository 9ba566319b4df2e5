import { Center, Loader } from '@mantine/core';

/** Shown while a page's code loads. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Loader aria-label={label} />
    </Center>
  );
}
