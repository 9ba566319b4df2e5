import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export type LinkCard = { key: string; title: string; description: string; href: string };

/** A hub's cards: each a heading that links to its page, with a line of what it is for. */
export function LinkCardGrid({ cards }: { cards: readonly LinkCard[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {cards.map((card) => (
        <Card key={card.key} component="li" withBorder radius="md" padding="lg">
          <Title order={2} size="h4">
            <Anchor component={Link} to={card.href} inherit>
              {card.title}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed" mt={6}>
            {card.description}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
