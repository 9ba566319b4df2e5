import { Card, Center, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CHAT_EVENTS, type ChatUser } from '../../../shared/contracts/chat';
import { PageHeader } from '../../components/PageHeader';
import { useRequiredSession } from '../../lib/useSession';
import { useChatUsers } from './api';
import { chatSocket } from './chatSocket';
import { ConversationList } from './ConversationList';
import { Thread } from './Thread';
import classes from './Chat.module.css';

const PHONE_QUERY = '(max-width: 48em)';

/**
 * /chat (issue 14): the conversations beside the open one; on a phone the list, then the thread
 * (with a way back). The open conversation is in the address (?with=id), so Back works.
 */
export default function ChatPage() {
  const { user } = useRequiredSession();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('with');
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  const users = useChatUsers('');
  const selected = users.data?.find((u) => u._id === selectedId) ?? null;

  // The screenManager event (docs/domains/communication.md): the server knows this socket shows chat, and which conversation.
  useEffect(() => {
    const s = chatSocket();
    s?.emit(CHAT_EVENTS.screenManager, { screen: 'chat', userId: selectedId });
    return () => void s?.emit(CHAT_EVENTS.screenManager, { screen: 'other' });
  }, [selectedId]);

  const open = (u: ChatUser) => setParams({ with: u._id });
  const back = () => setParams({});
  const showList = !phone || !selected;
  const showThread = !phone || selected;

  return (
    <Stack gap="md">
      <PageHeader title="Chat" subtitle="Messages with your school" />
      <div className={classes.layout}>
        {showList && (
          <Card withBorder padding="sm" className={classes.pane}>
            <ConversationList selectedId={selectedId} onSelect={open} />
          </Card>
        )}
        {showThread && (
          <Card withBorder padding="sm" className={classes.pane}>
            {selected ? (
              <Thread key={selected._id} me={user._id} other={selected} onBack={phone ? back : undefined} />
            ) : (
              <Center h="100%">
                <Text c="dimmed">Choose a conversation to start chatting.</Text>
              </Center>
            )}
          </Card>
        )}
      </div>
    </Stack>
  );
}
