import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { NotificationsHost } from './NotificationsHost';
import { cssVariablesResolver, theme } from './theme';

type Props = {
  children: ReactNode;
  /** 'test' turns off transitions and portals, so tests see the final state at once. */
  env?: 'default' | 'test';
};

/**
 * What every page needs, /login included. Data fetching and modals live in DataProviders,
 * which the router mounts around every page but the sign-in page (its first load must stay
 * under the JavaScript budget of docs/domains/conventions.md "Performance budgets").
 */
export function AppProviders({ children, env = 'default' }: Props) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
