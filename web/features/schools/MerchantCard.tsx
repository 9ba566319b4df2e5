import { Button, Card, Group, PasswordInput, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconCreditCard, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import {
  ENVIRONMENT_LABELS, ENVIRONMENTS, GATEWAY_LABELS, GATEWAYS, MERCHANT_MESSAGES, merchantFormFor,
  type MerchantForm, type MerchantInfo } from '../../../shared/contracts/merchant';
import { DetailField } from '../../components/DetailField';
import { FormActions, FormFailure } from '../../components/FormParts';
import { QueryError } from '../../components/QueryError';
import { ApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useMerchantInfo, useSaveMerchant } from './api';

const FIELDS = ['gateway', 'environment', 'apiLoginId', 'transactionKey', 'publicClientKey'] as const;
const GATEWAY_OPTIONS = GATEWAYS.map((value) => ({ value, label: GATEWAY_LABELS[value] }));
const ENVIRONMENT_OPTIONS = ENVIRONMENTS.map((value) => ({ value, label: ENVIRONMENT_LABELS[value] }));

type FormValues = Required<MerchantForm>;

function MerchantEditForm({ adminId, info, onDone }: { adminId: string; info: MerchantInfo; onDone: () => void }) {
  const save = useSaveMerchant(adminId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(merchantFormFor(info.configured)) as unknown as Resolver<FormValues>,
    defaultValues: {
      gateway: info.gateway ?? 'authorizenet',
      environment: info.environment ?? 'sandbox',
      apiLoginId: '',
      transactionKey: '',
      publicClientKey: info.publicClientKey,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const keep = info.configured ? 'Leave empty to keep the current value' : undefined;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await save.mutateAsync(values);
      notifySuccess(result.message || MERCHANT_MESSAGES.saved);
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, FIELDS)) {
        setFailure(error instanceof ApiError && error.message ? error.message : MERCHANT_MESSAGES.failed);
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Merchant information">
      <Stack gap="md">
        <FormFailure message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="gateway"
            render={({ field }) => (
              <Select label="Gateway" data={GATEWAY_OPTIONS} allowDeselect={false} required error={errors.gateway?.message} {...field} />
            )}
          />
          <Controller
            control={form.control}
            name="environment"
            render={({ field }) => (
              <Select label="Environment" data={ENVIRONMENT_OPTIONS} allowDeselect={false} required error={errors.environment?.message} {...field} />
            )}
          />
          <TextInput
            label="API Login ID"
            autoComplete="off"
            required={!info.configured}
            description={keep && `Current: ${info.apiLoginIdMasked}. ${keep}.`}
            error={errors.apiLoginId?.message}
            {...form.register('apiLoginId')}
          />
          <PasswordInput
            label="Transaction Key"
            autoComplete="new-password"
            required={!info.configured}
            description={keep && `Current: ${info.transactionKeyMasked}. Leave empty to keep the current key.`}
            error={errors.transactionKey?.message}
            {...form.register('transactionKey')}
          />
        </SimpleGrid>
        <TextInput label="Public Client Key" autoComplete="off" error={errors.publicClientKey?.message} {...form.register('publicClientKey')} />
        <FormActions onCancel={onDone} pending={isSubmitting} submitLabel="Save" />
      </Stack>
    </form>
  );
}

/**
 * A school's merchant information (docs/domains/schools.md "Data and calls" /merchant/get, /merchant/save): the gateway
 * account its card payments use. Secrets are never shown back, only their last four characters.
 */
export function MerchantCard({ adminId }: { adminId: string }) {
  const info = useMerchantInfo(adminId);
  const [editing, setEditing] = useState(false);

  let body: ReactNode;
  if (info.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading merchant information">
        <Skeleton h={16} w="60%" />
        <Skeleton h={16} w="40%" />
      </Stack>
    );
  } else if (info.isError) {
    body = <QueryError error={info.error} onRetry={() => void info.refetch()} title="Could not load the merchant information" />;
  } else if (editing) {
    body = <MerchantEditForm adminId={adminId} info={info.data} onDone={() => setEditing(false)} />;
  } else if (!info.data.configured) {
    body = (
      <Group gap="sm" c="dimmed">
        <IconCreditCard size={20} aria-hidden />
        <Text size="sm">No merchant information yet: card payments go through the sandbox (test mode: no real money moves).</Text>
      </Group>
    );
  } else {
    const d = info.data;
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <DetailField label="Gateway">{d.gateway && GATEWAY_LABELS[d.gateway]}</DetailField>
        <DetailField label="Environment">{d.environment && ENVIRONMENT_LABELS[d.environment]}</DetailField>
        <DetailField label="API Login ID">{d.apiLoginIdMasked}</DetailField>
        <DetailField label="Transaction Key">{d.transactionKeyMasked}</DetailField>
        <DetailField label="Public Client Key">{d.publicClientKey}</DetailField>
        <DetailField label="Last updated">{d.updatedAt && new Date(d.updatedAt).toLocaleString()}</DetailField>
      </SimpleGrid>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="merchant-title">
      <Group justify="space-between" mb="md">
        <Title id="merchant-title" order={2} size="h4">
          Merchant information
        </Title>
        {info.data && !editing && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
            aria-label={info.data.configured ? 'Edit merchant information' : 'Add merchant information'}
          >
            {info.data.configured ? 'Edit' : 'Add'}
          </Button>
        )}
      </Group>
      {body}
    </Card>
  );
}
