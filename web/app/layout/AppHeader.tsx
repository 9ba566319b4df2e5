import { ActionIcon, Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { IconHelpCircle, IconLogout, IconShoppingBag, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { greetingFor } from '../../../shared/constants';
import { homePathFor } from '../../../shared/roles';
import type { SessionUser } from '../../../shared/contracts/auth';
import { hasChat } from '../../../shared/contracts/chat';
import { hasStore } from '../../../shared/contracts/store';
import { hasNotifications } from '../../../shared/contracts/notifications';
import { ChatHeaderButton } from '../../features/chat';
import { NotificationBell } from '../../features/notifications';
import { HeaderPracticeTimer } from '../../features/practice';
import { fullName } from '../../lib/format';
import { useSignOut } from '../../lib/sessionActions';
import { hasMountedPage } from '../routing/mountedRoutes';
import classes from './AppHeader.module.css';
import { useMountedRoutes } from '../routing/useMountedRoutes';

const HELP_PATH = '/help';

type Props = {
  user: SessionUser;
  /** The sidebar's burger; null when there is no sidebar. */
  nav: { opened: boolean; onToggle: () => void } | null;
  /** Whose practice timer the sidebar shows (a student, or staff acting as one); its running time shows here too. */
  timerStudentId?: string | null;
};

export function AppHeader({ user, nav, timerStudentId = null }: Props) {
  const signOut = useSignOut();
  const helpShown = hasMountedPage(useMountedRoutes(), HELP_PATH);
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {nav && (
          <Burger
            opened={nav.opened}
            onClick={nav.onToggle}
            size="sm"
            aria-label={nav.opened ? 'Hide navigation' : 'Show navigation'}
            aria-expanded={nav.opened}
          />
        )}
        {/* On a phone the header's room goes to Profile and Logout. */}
        {/* The product's name leads home: the role's landing page (a parent's children, everyone else's dashboard). */}
        <Anchor component={Link} to={homePathFor(user.role)} fw={700} size="lg" c="indigo.7" underline="hover" visibleFrom="xs" aria-label="Cadenza: home">
          Cadenza
        </Anchor>
        <Text c="dimmed" visibleFrom="md">
          {greetingFor(new Date().getHours())}, {user.first_name}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        {timerStudentId && <HeaderPracticeTimer key={timerStudentId} studentId={timerStudentId} />}
        {helpShown && (
          <ActionIcon component={Link} to={HELP_PATH} variant="subtle" size="lg" aria-label="Help" title="Help" className={classes.help}>
            <IconHelpCircle size={20} />
          </ActionIcon>
        )}
        {/* The store is in no menu of docs/domains/roles-and-navigation.md "Screens and routes" but in the route tables: reached from here, as chat is. */}
        {hasStore(user) && (
          <ActionIcon component={Link} to="/store" variant="subtle" size="lg" aria-label="Store" title="Store" className={classes.store}>
            <IconShoppingBag size={22} />
          </ActionIcon>
        )}
        {hasNotifications(user.role) && <NotificationBell userId={user._id} withSocket={hasChat(user.role)} />}
        {hasChat(user.role) && <ChatHeaderButton />}
        <Text fw={500} visibleFrom="sm">
          {fullName(user)}
        </Text>
        {/* On a phone the header's icons leave no room for words: Profile and Logout keep their names for
            screen readers and show only their icons. */}
        <Button component={Link} to="/profile" variant="subtle" aria-label="Profile" px={{ base: 8, sm: 'md' }} leftSection={<IconUserCircle size={18} />}>
          <Box component="span" visibleFrom="sm">Profile</Box>
        </Button>
        <Button
          variant="light"
          color="gray"
          aria-label="Logout"
          px={{ base: 8, sm: 'md' }}
          leftSection={<IconLogout size={18} />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <Box component="span" visibleFrom="sm">Logout</Box>
        </Button>
      </Group>
    </Group>
  );
}
