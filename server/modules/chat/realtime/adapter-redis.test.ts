import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { AdapterRedis } from './adapter-redis.js';
import { closedPort } from '../../../test/closed-port.js';

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', record);
  unhandled.length = 0;
});

describe('the chat adapter\'s Redis client', () => {
  it('closing it while Redis is down rejects its queued commands without an unhandled rejection', async () => {
    process.on('unhandledRejection', record);
    const client = new AdapterRedis(`redis://127.0.0.1:${await closedPort()}`, { maxRetriesPerRequest: null });
    client.on('error', () => {});
    // As the Socket.IO adapter does: the promises are dropped.
    void client.subscribe('cadenza:chat#a');
    void client.psubscribe('cadenza:chat*');
    const awaited = client.ping();
    // Still connecting: closing now ends the socket, and ioredis rejects the offline queue.
    expect(client.status).toBe('connecting');
    const ended = once(client, 'end');
    client.disconnect();
    await ended;
    await expect(awaited).rejects.toThrow('Connection is closed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });
});
