import { Stack } from '@mantine/core';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { HUBS, hubCardsFor } from '../../../shared/hub-cards';
import { LinkCardGrid } from '../../components/LinkCardGrid';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { useOpens } from '../../lib/openablePaths';

/** /members, /learnings, /learning/learning, /studentbillings: the area's pages this user may open, as cards. */
export default function HubPage() {
  const { pathname } = useLocation();
  const opens = useOpens();
  const hub = HUBS[pathname.replace(/\/+$/, '')];
  const cards = hub ? hubCardsFor(hub, opens) : [];
  return (
    <Stack gap="lg">
      <PageHeader title={hub?.title ?? 'Pages'} subtitle={hub?.subtitle} />
      {cards.length === 0 ? (
        <EmptyCard icon={<IconLayoutGrid size={28} />} title="No pages" description="There are no pages here for your account yet." />
      ) : (
        <LinkCardGrid cards={cards.map((card) => ({ ...card, key: card.path }))} />
      )}
    </Stack>
  );
}
