import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyCard, PageHeader } from '../../components/PageHeader';
import { useReportCards } from './useReportCards';

/** /reportings (and /reports/all): the reports this user may open, as cards that lead to each. */
export default function ReportsHubPage() {
  const { cards } = useReportCards();
  return (
    <Stack gap="lg">
      <PageHeader title="Reports & Info" subtitle="The reports you can open. Pick one to see its figures." />
      {cards.length === 0 ? (
        <EmptyCard icon={<IconReportAnalytics size={28} />} title="No reports" description="There are no reports for your account yet." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {cards.map((card) => (
            <Card key={card.slug} component="li" withBorder radius="md" padding="lg">
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
      )}
    </Stack>
  );
}
