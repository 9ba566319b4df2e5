import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_EVENTS, CHAT_LIMITS, sendMessageBody } from '../../../shared/contracts/chat';
import { errorMessage } from '../../lib/api';
import { useSendMessage } from './api';
import { chatSocket } from './chatSocket';

/** Typing is told at most this often while keys keep coming. */
const TYPING_EVERY_MS = 2000;

/** The message box: Enter sends, Shift+Enter starts a new line; typing is told to the other person. */
export function Composer({ userId }: { userId: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const lastTyping = useRef(0);
  const send = useSendMessage();

  const tellTyping = () => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    chatSocket()?.emit(CHAT_EVENTS.typing, { userId, isTyping: true });
  };

  const submit = () => {
    if (send.isPending) return;
    // The contract's own rule, the same the server applies.
    const parsed = sendMessageBody.safeParse({ userId, message: text });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'message');
      // An empty box is simply nothing to send.
      if (text.trim() === '') return;
      setError(issue?.message ?? 'Please check this message');
      return;
    }
    setError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setText('');
        lastTyping.current = 0;
        chatSocket()?.emit(CHAT_EVENTS.typing, { userId, isTyping: false });
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Textarea
        label="Message"
        description="Enter sends; Shift+Enter starts a new line"
        placeholder="Write a message"
        autosize
        minRows={1}
        maxRows={5}
        flex={1}
        value={text}
        maxLength={CHAT_LIMITS.messageMax}
        error={error}
        onChange={(e) => {
          setText(e.currentTarget.value);
          if (e.currentTarget.value) tellTyping();
        }}
        onKeyDown={onKeyDown}
      />
      <ActionIcon size={36} radius="md" onClick={submit} loading={send.isPending} aria-label="Send" mb={error ? 22 : 0}>
        <IconSend size={18} />
      </ActionIcon>
    </Group>
  );
}
