import { Redis } from 'ioredis';

type Command = Parameters<Redis['sendCommand']>[0];
type Stream = Parameters<Redis['sendCommand']>[1];

/**
 * The Redis client of the Socket.IO adapter. The adapter sends SUBSCRIBE and UNSUBSCRIBE and drops
 * their promises; while Redis is down they wait in ioredis's offline queue, and closing the
 * connection rejects them. Unhandled, those rejections would end the process on shutdown (and fail
 * the test run that closes an app whose Redis is down). Each command's failure is marked handled
 * here; a caller that awaits the promise still sees it, and the client's 'error' event still logs.
 */
export class AdapterRedis extends Redis {
  override sendCommand(command: Command, stream?: Stream): unknown {
    const sent = super.sendCommand(command, stream);
    if (sent instanceof Promise) sent.catch(() => {});
    return sent;
  }
}
