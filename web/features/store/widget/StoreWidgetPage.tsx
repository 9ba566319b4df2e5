import { Anchor, Button, Card, Code, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { STORE_WIDGET_FRAME, storeWidgetPagePath, storeWidgetSnippet } from '../../../../shared/contracts/store-widget';
import { CopyField } from '../../../components/CopyField';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useStoreWidget } from './api';

/** /studentbilling/storewidget (admin alone): the public store page's address, its embed snippet and a preview. */
export default function StoreWidgetPage() {
  const state = useStoreWidget();
  return (
    <Stack gap="lg">
      <PageHeader title="Store Widget" subtitle="Your store on your own website: visitors see your chosen products and buy them in Cadenza." />
      {state.isPending ? <Skeleton h={160} radius="md" role="status" aria-label="Loading the store widget" /> : state.isError ? (
        <QueryError error={state.error} onRetry={() => void state.refetch()} title="Could not load the store widget" />
      ) : (() => {
        const url = `${window.location.origin}${storeWidgetPagePath(state.data.adminId)}`;
        return (
          <>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="store-widget-share">
              <Stack gap="sm">
                <Title id="store-widget-share" order={2} size="h4">Share it</Title>
                <Text size="sm">
                  {state.data.chosen.length === 0 ? 'No products are chosen yet: ' : `The widget shows ${state.data.chosen.length} ${state.data.chosen.length === 1 ? 'product' : 'products'}. `}
                  <Anchor component={Link} to="/studentbilling/storebuilder">Choose them in Store Builder</Anchor>.
                </Text>
                <CopyField label="Widget link" value={url} />
                <CopyField label="Embed snippet" value={storeWidgetSnippet(url)} />
                <Text size="xs" c="dimmed">Paste the snippet into your website: it shows the store inside your page with an <Code>&lt;iframe&gt;</Code>.</Text>
                <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="subtle" w="fit-content" leftSection={<IconExternalLink size={16} />}>
                  Open the widget
                </Button>
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="store-widget-preview">
              <Title id="store-widget-preview" order={2} size="h4" mb="sm">Preview</Title>
              <iframe src={url} title="Store Widget preview" style={{ width: '100%', maxWidth: 960, height: STORE_WIDGET_FRAME.height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} />
            </Card>
          </>
        );
      })()}
    </Stack>
  );
}
