import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './queryClient';

/** Server data (TanStack Query) and modals for every route below it. */
export default function DataProviders() {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        <Outlet />
      </ModalsProvider>
    </QueryClientProvider>
  );
}
