import { Card, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { learnMoreAboutForm } from '../../../shared/contracts/learn-more';
import { FormActions, FormFailure } from '../../components/FormParts';
import { FormSkeleton } from '../../components/QueryContent';
import { QueryError } from '../../components/QueryError';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useLearnMore, useSaveAbout } from './api';

function AboutForm({ initial }: { initial: string }) {
  const [about, setAbout] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAbout();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = learnMoreAboutForm.safeParse({ about });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data.about, {
      onSuccess: (r) => notifySuccess(r.message),
      onError: (e) => (e instanceof ApiError && e.errors.about ? setError(e.errors.about) : setFailure(errorMessage(e))),
    });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Learn More page">
      <Stack gap="md">
        <FormFailure message={failure} title="Could not save" />
        <Textarea label="About your school" description="What your students read first on their Learn More page." autosize minRows={4} maxRows={12}
          value={about} onChange={(e) => setAbout(e.currentTarget.value)} error={error} />
        <FormActions pending={save.isPending} submitLabel="Save Learn More page" />
      </Stack>
    </form>
  );
}

/** The admin's text for the students' Learn More page (its teachers, contact and widgets come from the school's records). */
export function LearnMoreAboutCard({ schoolId }: { schoolId: string }) {
  const page = useLearnMore(schoolId);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="learn-more-title">
      <Title id="learn-more-title" order={2} size="h3" mb={4}>Learn More page</Title>
      <Text size="sm" c="dimmed" mb="md">Your students’ page about the school: this text, your teachers and their instruments, how to reach you and your widgets.</Text>
      {page.isPending ? <FormSkeleton label="Loading the Learn More page" rows={2} />
        : page.isError ? <QueryError error={page.error} onRetry={() => void page.refetch()} />
          : <AboutForm initial={page.data.about} />}
    </Card>
  );
}
