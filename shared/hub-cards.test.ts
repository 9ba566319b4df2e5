import { describe, expect, it } from 'vitest';
import { HUBS, hubCardsFor } from './hub-cards';
import { ROUTE_TABLES, matchRoute } from './routes';

const tableOpens = (role: keyof typeof ROUTE_TABLES) => (pattern: string) => ROUTE_TABLES[role].some((r) => r.path === pattern);

describe('the area hubs', () => {
  it('name only pages of some route table, and each hub is in some table', () => {
    const routed = new Set(Object.values(ROUTE_TABLES).flat().map((r) => r.path));
    for (const [path, hub] of Object.entries(HUBS)) {
      expect(routed.has(path), path).toBe(true);
      for (const card of hub.cards) expect(routed.has(card.path), card.path).toBe(true);
    }
  });

  it('shows a role only the cards its table opens, each linking to a path of that table', () => {
    const cards = hubCardsFor(HUBS['/members']!, tableOpens('teacher'));
    expect(cards.map((c) => c.title)).toEqual(['Students', 'Parents', 'Classes/Groups']);
    for (const card of hubCardsFor(HUBS['/members']!, tableOpens('admin'))) expect(matchRoute('admin', card.href), card.href).toBeDefined();
    expect(hubCardsFor(HUBS['/learnings']!, tableOpens('student')).map((c) => c.path)).toContain('/learnMore');
  });
});
