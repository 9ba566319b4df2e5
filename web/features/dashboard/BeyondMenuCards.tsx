import { Stack, Title } from '@mantine/core';
import { HUBS, hubCardsFor } from '../../../shared/hub-cards';
import { menuEntryPaths } from '../../../shared/menus';
import { pathMatches } from '../../../shared/routes';
import { LinkCardGrid } from '../../components/LinkCardGrid';
import { useMenuContext } from '../../lib/useMenuContext';
import type { Session } from '../../lib/session';
import { useOpens } from '../../lib/openablePaths';

/**
 * The learning pages this user opens that their menu does not list. docs/domains/roles-and-navigation.md "Screens and routes"'s student menu
 * names no quizzes, ear trainer or Learn More though the student's route table has them: the
 * dashboard is where a student finds them (decision 050).
 */
export function BeyondMenuCards({ session }: { session: Session }) {
  const opens = useOpens();
  const inMenu = menuEntryPaths(useMenuContext(session));
  const cards = hubCardsFor(HUBS['/learnings']!, opens).filter((card) => !inMenu.some((path) => pathMatches(card.path, path)));
  if (cards.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="beyond-menu-title">
      <Title order={2} size="h4" id="beyond-menu-title">
        Learn and play
      </Title>
      <LinkCardGrid cards={cards.map((card) => ({ ...card, key: card.path }))} />
    </Stack>
  );
}
