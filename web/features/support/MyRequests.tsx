import { EmptyState, Stack, Title } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { ListCard } from '../../components/ListTable';
import { usePagedResults } from '../../lib/useListState';
import { SUPPORT_PAGE_SIZE, useSupportRequests } from './api';
import { RequestList } from './RequestList';
import { SupportRequestForm } from './SupportRequestForm';
import { SupportRequestModal } from './SupportRequestModal';

/** The sender's side: a new request, and their own requests with the answers. */
export function MyRequests() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useSupportRequests({}, page);
  const { results, totalPages } = usePagedResults(list.data, SUPPORT_PAGE_SIZE, page, setPage);
  return (
    <Stack gap="lg">
      <SupportRequestForm />
      <Stack gap="sm">
        <Title order={2} size="h4">Your requests</Title>
        <ListCard>
          <RequestList
            query={list}
            results={results}
            label="Your requests"
            errorTitle="Could not load your requests"
            empty={<EmptyState icon={<IconMessageQuestion size={28} />} title="No requests yet" description="What you send shows here, with our answers." />}
            showSender={false}
            onOpen={setOpen}
            pagination={{ page, totalPages, onChange: setPage }}
          />
        </ListCard>
      </Stack>
      <SupportRequestModal id={open} onClose={() => setOpen(null)} answerable={false} />
    </Stack>
  );
}
