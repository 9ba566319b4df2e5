import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestApp, sessionToken, type TestApp } from '../../test/test-app.js';
import { createSchool, type TestSchool } from '../../test/factories.js';
import type { ChatMessage, ChatUser, TypingEvent } from '../../../shared/contracts/chat.js';
import { ask, chatClient, listen, next } from './chat-test-clients.js';

const REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * Two app nodes on one database and one Redis (the Socket.IO Redis adapter): a person on each
 * node, and presence, messages, typing and read receipts cross between them.
 */
describe.skipIf(!REDIS_URL)('chat on two app nodes (TEST_REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  let a: TestSchool;
  const sockets: Socket[] = [];
  let admin: Socket;
  let teacher: Socket;

  beforeAll(async () => {
    one = await createTestApp({ REDIS_URL });
    two = await createTestApp({ REDIS_URL }, { db: one.db });
    a = await createSchool(one.db);
    admin = await chatClient(await listen(one), await sessionToken(one, a.admin.id));
    teacher = await chatClient(await listen(two), await sessionToken(two, a.teacher.id));
    sockets.push(admin, teacher);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await two?.close();
    await one?.close();
  });

  it('sees a person online on the other node', async () => {
    const list = await ask<{ results: ChatUser[] }>(admin, 'getUserList', {});
    expect(list.data.results.find((u) => u._id === a.teacher.id)?.isOnline).toBe(true);
  });

  it('delivers a message sent through one node to a socket on the other, and back', async () => {
    const arriving = next<ChatMessage>(teacher, 'newMessage');
    const sent = await one.call('POST', '/api/chat/sendMessage', { token: await sessionToken(one, a.admin.id), body: { userId: a.teacher.id, message: 'Across nodes' } });
    expect(sent.status).toBe(200);
    expect(await arriving).toMatchObject({ message: 'Across nodes', sender_id: a.admin.id });
    const reply = next<ChatMessage>(admin, 'newMessage');
    await two.call('POST', '/api/chat/sendMessage', { token: await sessionToken(two, a.teacher.id), body: { userId: a.admin.id, message: 'Got it' } });
    expect((await reply).message).toBe('Got it');
  });

  it('relays typing and the read receipt across nodes', async () => {
    const typing = next<TypingEvent>(admin, 'typing');
    await ask(teacher, 'typing', { userId: a.admin.id, isTyping: true });
    expect(await typing).toEqual({ userId: a.teacher.id, isTyping: true });
    const receipt = next(admin, 'readMessage');
    expect((await ask<{ count: number }>(teacher, 'readMessage', { userId: a.admin.id })).data.count).toBeGreaterThan(0);
    expect(await receipt).toMatchObject({ userId: a.teacher.id, withUserId: a.admin.id });
  });

  it('tells the other node when a person goes offline', async () => {
    const offline = next<{ userId: string }>(admin, 'onDisconnected', (e) => e.userId === a.teacher.id);
    teacher.close();
    expect(await offline).toEqual({ userId: a.teacher.id });
    const list = await ask<{ results: ChatUser[] }>(admin, 'getUserList', {});
    expect(list.data.results.find((u) => u._id === a.teacher.id)?.isOnline).toBe(false);
  });
});
