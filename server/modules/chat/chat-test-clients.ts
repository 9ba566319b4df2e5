import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestApp } from '../../test/test-app.js';
import type { ChatAck } from '../../../shared/contracts/chat.js';
import { patient } from '../../../tests/patience.js';

/** Starts a test app's HTTP server on a free port (sockets need a real one) and answers its URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A real socket.io-client, as the web app makes it; resolves once connected, rejects with the refusal. */
export function chatClient(url: string, token?: string): Promise<Socket> {
  const socket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error: Error & { data?: { status: number } }) => {
      socket.close();
      reject(error);
    });
  });
}

/** Sends an event and answers its acknowledgement. */
export async function ask<T = unknown>(socket: Socket, event: string, payload?: unknown): Promise<ChatAck<T>> {
  return (await socket.timeout(patient(5000)).emitWithAck(event, payload)) as ChatAck<T>;
}

/** The next `event` the socket receives (for at most 5 s, stretched by TEST_PATIENCE). */
export function next<T = unknown>(socket: Socket, event: string, where: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${patient(5000) / 1000} s`)), patient(5000));
    const handler = (payload: T) => {
      if (!where(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/** Resolves when the socket is disconnected (by the server or by itself). */
export function disconnected(socket: Socket): Promise<string> {
  if (!socket.connected) return Promise.resolve('already');
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}
