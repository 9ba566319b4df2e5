/**
 * The baseline of `npm run bench`: node:http and pg with no framework, running the same SQL as
 * Cadenza's login and login-as-candidates calls (session lookup, tenant-scoped transaction, page
 * and count). The app must serve at least 60% of what this serves (DESIGN.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { verify } from '@node-rs/argon2';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 20 });
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

function send(res: http.ServerResponse, status: number, message: string, data: unknown) {
  const body = JSON.stringify({ status, message, data });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

async function inTransaction<T>(scope: { adminId: string | null }, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // As the app does: BEGIN and the scope in one round trip (the id is a uuid from the database).
    await client.query(
      `begin; select set_config('role', 'cadenza_app', true), set_config('app.admin_id', '${scope.adminId ?? ''}', true), set_config('app.all_schools', '${scope.adminId ? 'off' : 'on'}', true)`,
    );
    const out = await fn(client);
    await client.query('commit');
    return out;
  } catch (e) {
    await client.query('rollback');
    throw e;
  } finally {
    client.release();
  }
}

async function login(body: Record<string, unknown>) {
  const user = await inTransaction({ adminId: null }, async (c) => (await c.query(
    `select u.*, s.school_name, s.show_store from users u left join schools s on s.admin_id = u.admin_id
     where lower(u.username) = lower($1) limit 1`, [body.username])).rows[0]);
  if (!user || !(await verify(user.password_hash, String(body.password)))) return null;
  const token = randomBytes(32).toString('base64url');
  await inTransaction({ adminId: null }, (c) => c.query(
    `insert into sessions (token_hash, user_id, remember, expires_at) values ($1, $2, false, now() + interval '12 hours')`, [sha256(token), user.id]));
  return { token, user: { _id: user.id, username: user.username, role: user.role, adminId: user.admin_id, school_name: user.school_name } };
}

async function candidates(token: string, body: Record<string, unknown>) {
  const found = (await pool.query('select app_session_lookup($1) as s', [sha256(token)])).rows[0]?.s;
  const session = found?.user.status ? { user_id: found.user.id, admin_id: found.user.admin_id } : null;
  if (!session) return null;
  const page = Number(body.page ?? 1);
  const limit = Number(body.limit ?? 6);
  return inTransaction({ adminId: session.admin_id }, async (c) => {
    const where = `u.role <> 'superadmin' and u.id <> $1 and u.status = true and u.admin_id = $2`;
    const rows = await c.query(`select u.id, u.first_name, u.last_name, u.username, u.role, s.school_name, count(*) over () as total
             from users u left join schools s on s.admin_id = u.admin_id where ${where}
             order by u.first_name asc, u.last_name asc, u.id asc limit $3 offset $4`,
    [session.user_id, session.admin_id, limit, (page - 1) * limit]);
    const total = rows.rows.length > 0 ? Number(rows.rows[0].total)
      : page > 1 ? (await c.query(`select count(*)::int as count from users u where ${where}`, [session.user_id, session.admin_id])).rows[0].count : 0;
    return {
      results: rows.rows.map((r) => ({ _id: r.id, first_name: r.first_name, last_name: r.last_name, username: r.username, role: r.role, school_name: r.school_name })),
      page, limit, totalCount: total,
    };
  });
}

const server = http.createServer(async (req, res) => {
  try {
    const body = await readJson(req);
    if (req.url === '/api/auth/local/login') {
      const out = await login(body);
      return out ? send(res, 200, 'Login Successfully', out) : send(res, 400, 'Incorrect Password', null);
    }
    if (req.url === '/api/auth/loginAsCandidates') {
      const out = await candidates((req.headers.authorization ?? '').slice(7), body);
      return out ? send(res, 200, 'Success', out) : send(res, 401, 'Please sign in', null);
    }
    send(res, 404, 'Not found', null);
  } catch (error) {
    console.error(error);
    send(res, 500, 'Something went wrong', null);
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
});
