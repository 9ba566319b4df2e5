import { Card, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { useRequiredSession } from '../../lib/useSession';
import { CopyField } from '../../components/CopyField';
import { signupSnippet, signupUrl } from './signupLink';

/** /schoolbilling/loginwidget: the provider's self-registration link (/signup/{id}) and its snippet, with a preview. */
export default function LoginWidgetPage() {
  const { user } = useRequiredSession();
  const url = signupUrl(user._id);
  return (
    <Stack gap="lg">
      <PageHeader title="Login Widget" subtitle="Where new schools and private teachers register themselves on one of your plans." />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="signup-link-title">
        <Stack gap="sm">
          <Title id="signup-link-title" order={2} size="h4">Self-registration link</Title>
          <Text size="sm" c="dimmed">Share the link, or paste the snippet into your website. New owners pick a plan, pay by card and then sign in.</Text>
          <CopyField label="Registration page" value={url} />
          <CopyField label="Embed snippet" value={signupSnippet(url)} />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="signup-preview-title">
        <Title id="signup-preview-title" order={2} size="h4" mb="sm">Preview</Title>
        <iframe src={url} title="School registration preview" style={{ width: '100%', height: 720, border: 0 }} />
      </Card>
    </Stack>
  );
}
