import { Button, Card, Code, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { WIDGETS, WIDGET_TEXT, widgetPagePath, widgetSnippet, type Widget } from '../../../../shared/contracts/plan-widgets';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { errorMessage } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRequiredSession } from '../../../lib/useSession';
import { useActiveWidgets, useSetWidget } from './widgetApi';
import { CopyField } from '../../../components/CopyField';

const widgetOfPath = (path: string): Widget => WIDGETS.find((w) => path.toLowerCase() === `/studentbilling/${w.toLowerCase()}`) ?? 'planwidget';

/**
 * /studentbilling/planwidget, loginwidget, studentWidget and registerwidget: a widget's switch,
 * its public link and the <iframe> snippet with Copy, and a preview of the page itself.
 */
export default function WidgetPage() {
  const widget = widgetOfPath(useLocation().pathname);
  const { user } = useRequiredSession();
  const text = WIDGET_TEXT[widget];
  const states = useActiveWidgets();
  const setWidget = useSetWidget();
  const adminId = user.adminId ?? user._id;
  const url = `${window.location.origin}${widgetPagePath(widget, adminId)}`;
  const on = states.data?.[widget] ?? false;

  const toggle = (active: boolean) => setWidget.mutate({ widget, active }, {
    onSuccess: (r) => notifySuccess(r.message),
    onError: (e) => notifyError(errorMessage(e)),
  });

  return (
    <Stack gap="lg">
      <PageHeader title={text.title} subtitle={text.description} />
      {states.isPending ? <Skeleton h={160} radius="md" role="status" aria-label="Loading the widget" /> : states.isError ? (
        <QueryError error={states.error} onRetry={() => void states.refetch()} title="Could not load the widget" />
      ) : (
        <>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="widget-share-title">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap">
                <Title id="widget-share-title" order={2} size="h4">Share it</Title>
                <Switch label="Widget on" checked={on} disabled={setWidget.isPending} onChange={(e) => toggle(e.currentTarget.checked)} />
              </Group>
              {!on && <Text size="sm" c="dimmed">The widget is off: its page says it is not available until you switch it on.</Text>}
              <CopyField label="Widget link" value={url} />
              <CopyField label="Embed snippet" value={widgetSnippet(widget, url)} />
              <Text size="xs" c="dimmed">Paste the snippet into your website: it shows the widget inside your page with an <Code>&lt;iframe&gt;</Code>.</Text>
              <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="subtle" w="fit-content" leftSection={<IconExternalLink size={16} />}>
                Open the widget
              </Button>
            </Stack>
          </Card>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="widget-preview-title">
            <Title id="widget-preview-title" order={2} size="h4" mb="sm">Preview</Title>
            <iframe key={String(on)} src={url} title={`${text.title} preview`} style={{ width: '100%', maxWidth: 640, height: text.height, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} />
          </Card>
        </>
      )}
    </Stack>
  );
}
