import { io, type Socket } from 'socket.io-client';
import type { ChatAck } from '../../../shared/contracts/chat';
import { ApiError, GENERIC_ERROR } from '../../lib/api';
import { currentToken } from '../../lib/session';

/**
 * The one chat socket of this tab, on the signed-in session's token (Socket.IO's `auth`). A new
 * token (sign-in, login-as, its end) opens a new socket; none when signed out.
 */
let socket: Socket | null = null;
let socketToken: string | null = null;

export function chatSocket(): Socket | null {
  const token = currentToken();
  if (socket && socketToken === token) return socket;
  socket?.close();
  socket = null;
  socketToken = token;
  if (!token) return null;
  // WebSocket first (polling only where it is blocked): no long-poll requests held open.
  socket = io({ auth: { token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 10_000 });
  return socket;
}

/** An event and its acknowledgement (the HTTP envelope): the data, or an ApiError. */
export async function askChat<T>(event: string, payload: unknown = {}): Promise<T> {
  const s = chatSocket();
  if (!s) throw new ApiError(401, 'Please sign in');
  let answer: ChatAck<T>;
  try {
    // Sent once connected (Socket.IO buffers it), answered within 10 s.
    answer = (await s.timeout(10_000).emitWithAck(event, payload)) as ChatAck<T>;
  } catch {
    throw new ApiError(0, 'Chat is not reachable right now. Please try again.');
  }
  if (answer.status !== 200) throw new ApiError(answer.status, answer.message || GENERIC_ERROR, answer.errors);
  return answer.data;
}
