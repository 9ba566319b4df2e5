import { Button, Card, Code, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { signupPagePath } from '../../../shared/signupWidgetText';

/** The embed snippet a school pastes into its own website. */
export function iframeSnippet(url: string): string {
  return `<iframe src="${url}" title="Student signup" width="100%" height="900" style="border:0;max-width:640px"></iframe>`;
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'default'}
            color={copied ? 'green' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
            aria-label={`Copy ${label}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** Where strangers sign up for this school, and how to put that form on the school's own site. */
export function SignupWidgetCard({ adminId, origin = window.location.origin }: { adminId: string; origin?: string }) {
  const url = `${origin}${signupPagePath(adminId)}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="signup-widget-title">
      <Stack gap="sm">
        <div>
          <Title id="signup-widget-title" order={2} size="h4">
            Signup widget
          </Title>
          <Text size="sm" c="dimmed">
            Share this page, or paste the snippet into your website: new students sign up there and appear below for
            you to approve.
          </Text>
        </div>
        <CopyField label="Public signup page" value={url} />
        <CopyField label="Embed snippet" value={iframeSnippet(url)} />
        <Text size="xs" c="dimmed">
          The snippet shows the form inside your page with an <Code>&lt;iframe&gt;</Code>.
        </Text>
      </Stack>
    </Card>
  );
}
