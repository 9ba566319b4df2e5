/**
 * The chat item's baseline (decision 026): node:http, Socket.IO and pg with no framework. A socket
 * is admitted on a token lookup (the same app_session_lookup) and joins its person's room; a
 * message is POSTed and, in a tenant-scoped transaction as the app's, runs the app's own statements
 * (imported from modules/chat): the partner's row with whether the teacher teaches the student,
 * and the insert; then it is emitted as `newMessage` to both people's rooms. The same SQL, without
 * the framework: no validation beyond that, no rate limit, no presence check, no session sweep.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { PgDialect } from 'drizzle-orm/pg-core';
import { chatPartnerStatement, insertChatMessageStatement } from '../server/modules/chat/index.js';
import type { Role } from '../shared/roles.js';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 20 });
pool.on('error', (error) => console.error('A database connection was lost', error.message));
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

const dialect = new PgDialect();
type Person = { id: string; adminId: string; role: string };

async function personOf(token: string): Promise<Person | null> {
  // As the app sends it: the same text, prepared on each connection under the same name (decision 065).
  const found = (await pool.query({ name: 'app_session_lookup', text: 'select app_session_lookup($1)', values: [sha256(token)] })).rows[0]?.app_session_lookup;
  return found?.user.status ? { id: found.user.id, adminId: found.user.admin_id, role: found.user.role } : null;
}

/** The app's own statement (modules/chat): the partner's row and whether they are the sender's teacher or student. */
async function mayTalk(client: pg.PoolClient, sender: Person, receiverId: string): Promise<boolean> {
  const partner = dialect.sqlToQuery(chatPartnerStatement({ id: sender.id, role: sender.role as Role, adminId: sender.adminId }, receiverId));
  const row = (await client.query(partner.sql, partner.params as unknown[])).rows[0];
  return row?.own === true;
}

async function store(sender: Person, receiverId: string, body: string) {
  const client = await pool.connect();
  try {
    await client.query(`begin; select set_config('role', 'cadenza_app', true), set_config('app.admin_id', '${sender.adminId}', true), set_config('app.all_schools', 'off', true)`);
    if (!(await mayTalk(client, sender, receiverId))) {
      await client.query('rollback');
      return null;
    }
    const insert = dialect.sqlToQuery(insertChatMessageStatement({ adminId: sender.adminId, senderId: sender.id, receiverId, body }));
    const row = (await client.query(insert.sql, insert.params as unknown[])).rows[0];
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
    if (!row) return reply(403, null);
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

// Stopped by the bench: a normal exit, so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));
