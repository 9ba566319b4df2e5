/**
 * The chat item's baseline (decision 026): node:http, Socket.IO and pg with no framework. A socket
 * is admitted on a token lookup (the same app_session_lookup) and joins its person's room; a
 * message is POSTed, stored (one row, in a tenant-scoped transaction as the app's) and emitted as
 * `newMessage` to both people's rooms. No policy, no validation beyond that, no rate limit.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 20 });
pool.on('error', (error) => console.error('A database connection was lost', error.message));
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

async function personOf(token: string): Promise<{ id: string; adminId: string } | null> {
  const found = (await pool.query('select app_session_lookup($1) as s', [sha256(token)])).rows[0]?.s;
  return found?.user.status ? { id: found.user.id, adminId: found.user.admin_id } : null;
}

async function store(sender: { id: string; adminId: string }, receiverId: string, body: string) {
  const client = await pool.connect();
  try {
    await client.query(`begin; select set_config('role', 'cadenza_app', true), set_config('app.admin_id', '${sender.adminId}', true), set_config('app.all_schools', 'off', true)`);
    const row = (await client.query(
      'insert into chat_messages (admin_id, sender_id, receiver_id, body) values ($1, $2, $3, $4) returning id, created_at',
      [sender.adminId, sender.id, receiverId, body])).rows[0];
    await client.query('commit');
    return row as { id: string; created_at: Date };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const server = http.createServer(async (req, res) => {
  const reply = (status: number, data: unknown) => {
    const body = JSON.stringify({ status, message: status === 200 ? 'OK' : 'Refused', data });
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  try {
    if (req.method !== 'POST' || req.url !== '/api/chat/sendMessage') return reply(404, null);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { userId: string; message: string };
    const sender = await personOf(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!sender) return reply(401, null);
    const row = await store(sender, input.userId, input.message);
    const message = { _id: row.id, sender_id: sender.id, receiver_id: input.userId, message: input.message, createdAt: row.created_at.toISOString(), readAt: null };
    io.to([`user:${sender.id}`, `user:${input.userId}`]).emit('newMessage', message);
    reply(200, message);
  } catch (error) {
    console.error(error);
    reply(500, null);
  }
});

const io = new Server(server, { serveClient: false, maxHttpBufferSize: 64 * 1024 });
io.use(async (socket, next) => {
  const person = await personOf(String(socket.handshake.auth?.token ?? '')).catch(() => null);
  if (!person) return next(new Error('401'));
  void socket.join(`user:${person.id}`);
  next();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
});
