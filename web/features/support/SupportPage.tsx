import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { useRequiredSession } from '../../lib/useSession';
import { MyRequests } from './MyRequests';
import { SupportInbox } from './SupportInbox';

/**
 * /support, "Contact for More Features": a school's people write to the provider and read its
 * answers; the superadmin (the provider) reads every request and answers.
 */
export default function SupportPage() {
  const { user } = useRequiredSession();
  const provider = user.permissions.reach === 'provider';
  return (
    <Stack gap="lg">
      <PageHeader
        title="Contact for More Features"
        subtitle={provider ? 'What schools and families ask the Cadenza team, newest first.' : 'Ask the Cadenza team for a feature, tell us about a problem or ask about billing. We answer by email and here.'}
      />
      {provider ? <SupportInbox /> : <MyRequests />}
    </Stack>
  );
}
