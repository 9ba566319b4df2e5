import { Card, Code, Stack, Text, Title } from '@mantine/core';
import { signupPagePath } from '../../../shared/signup-widget-text';
import { CopyField } from '../../components/CopyField';
import { iframeSnippet } from '../../../shared/embed';

/** The embed snippet a school pastes into its own website. */
export const signupWidgetSnippet = (url: string) => iframeSnippet(url, 'Student signup', 900);

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
        <CopyField label="Embed snippet" value={signupWidgetSnippet(url)} />
        <Text size="xs" c="dimmed">
          The snippet shows the form inside your page with an <Code>&lt;iframe&gt;</Code>.
        </Text>
      </Stack>
    </Card>
  );
}
