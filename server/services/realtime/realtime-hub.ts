/**
 * The one way a module below chat tells people's open tabs something (decision 039). The
 * Socket.IO server lives in the chat module, which modules like notifications may not import (chat
 * imports them); chat's realtime registers its emitter here when it starts. Before that, or in a
 * process with no socket server, an emit does nothing: the web client also refetches on focus.
 *
 * One emitter per app in this process (tests build several apps); with the Redis adapter any one
 * node's emitter reaches every node's sockets.
 */
export type RealtimeEmitter = (userIds: string[], event: string, payload: unknown) => void;

const emitters = new Set<RealtimeEmitter>();

/** Chat's realtime, once its server is up; the answer unregisters it (the app closing). */
export function registerRealtimeEmitter(emitter: RealtimeEmitter): () => void {
  emitters.add(emitter);
  return () => void emitters.delete(emitter);
}

/** Sends the event to every socket of these people; never throws into the caller. */
export function emitToUsers(userIds: string[], event: string, payload: unknown): void {
  if (userIds.length === 0) return;
  for (const emit of emitters) emit(userIds, event, payload);
}
