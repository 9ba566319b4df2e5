/**
 * The baseline of `npm run bench`: node:http and pg with no framework, running the same SQL as
 * Cadenza's login, login-as-candidates, students-list and weekly-calendar calls (session lookup, tenant-scoped transaction, page
 * and count). The budgets against it are in decision 026.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { verify } from '@node-rs/argon2';
import { DateTime } from 'luxon';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 20 });
// A connection the server ends is dropped and reported, never an uncaught error (as in the app).
pool.on('error', (error) => console.error('A database connection was lost', error.message));
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

type Ref = { owner: string; id: string; first_name: string; last_name: string };
const refsOf = (rows: Ref[], id: string) => rows.filter((r) => r.owner === id).map((r) => ({ _id: r.id, first_name: r.first_name, last_name: r.last_name }));

/** The students list of an admin: a page with its total, the Active/Inactive counts, and each row's instruments, teachers and parents. */
async function students(token: string, body: Record<string, unknown>) {
  const found = (await pool.query('select app_session_lookup($1) as s', [sha256(token)])).rows[0]?.s;
  if (!found?.user.status) return null;
  const adminId = found.user.admin_id as string;
  const page = Number(body.page ?? 1);
  const limit = Number(body.limit ?? 6);
  return inTransaction({ adminId }, async (c) => {
    const where = `role = 'student' and admin_id = $1`;
    const rows = (await c.query(`select *, count(*) over () as total from users where ${where}
      order by created_at desc, id desc limit $2 offset $3`, [adminId, limit, (page - 1) * limit])).rows;
    const counts = (await c.query(`select count(*) filter (where status)::int as active, count(*) filter (where not status)::int as inactive
      from users where ${where}`, [adminId])).rows[0];
    const ids = rows.map((r) => r.id);
    const instruments = (await c.query(`select sg.student_id as owner, g.id, g.name, sg.level from student_genres sg join genres g on g.id = sg.genre_id
      where sg.student_id = any($1) order by g.name`, [ids])).rows;
    const teachers = (await c.query(`select st.student_id as owner, o.id, o.first_name, o.last_name from student_teachers st join users o on o.id = st.teacher_id
      where st.student_id = any($1) order by o.first_name, o.last_name`, [ids])).rows as Ref[];
    const parents = (await c.query(`select pc.student_id as owner, o.id, o.first_name, o.last_name from parent_children pc join users o on o.id = pc.parent_id
      where pc.student_id = any($1) order by o.first_name, o.last_name`, [ids])).rows as Ref[];
    return {
      results: rows.map((r) => ({
        _id: r.id, role: r.role, first_name: r.first_name, last_name: r.last_name, username: r.username, email: r.email, cellPhone: r.cell_phone,
        status: r.status, invitationPending: r.password_hash === null, createdAt: r.created_at.toISOString(),
        instruments: instruments.filter((i) => i.owner === r.id).map((i) => ({ genreId: { _id: i.id, name: i.name }, level: i.level })),
        teachers: refsOf(teachers, r.id), parents: refsOf(parents, r.id),
      })),
      page, limit, totalCount: rows.length > 0 ? Number(rows[0].total) : 0, activeCount: counts.active, inactiveCount: counts.inactive,
    };
  });
}

const isoIn = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toISO({ suppressMilliseconds: true });

/** A teacher's calendar window: the school's zone, the lessons with their type, room, group, teacher and credits, and the students. */
async function events(token: string, body: Record<string, unknown>) {
  const found = (await pool.query('select app_session_lookup($1) as s', [sha256(token)])).rows[0]?.s;
  if (!found?.user.status) return null;
  const adminId = found.user.admin_id as string;
  const teacherId = found.user.id as string;
  return inTransaction({ adminId }, async (c) => {
    const school = (await c.query(`select s.time_zone, ss.* from schools s left join scheduling_settings ss on ss.admin_id = s.admin_id where s.admin_id = $1`, [adminId])).rows[0];
    const zone = school.time_zone as string;
    const rows = (await c.query(`
      select l.id, l.series_id, l.teacher_id, l.class_group_id, l.starts_at, l.ends_at, l.status, l.cancel_reason, l.attendance_taken_at, l.notes,
        l.lesson_type_id, lt.name as type_name, lt.kind, l.room_id, r.room_name, g.name as group_name, t.first_name, t.last_name,
        (select max(c.expires_at) from makeup_credits c where c.lesson_id = l.id and c.status <> 'revoked') as banked_until,
        exists (select 1 from makeup_credits c where c.used_lesson_id = l.id and c.status = 'used') as is_makeup
      from lessons l join lesson_types lt on lt.id = l.lesson_type_id left join rooms r on r.id = l.room_id
        left join class_groups g on g.id = l.class_group_id left join users t on t.id = l.teacher_id
      where l.admin_id = $1 and l.teacher_id = $2 and l.starts_at < $3 and l.ends_at > $4
      order by l.starts_at, l.id limit 3000`, [adminId, teacherId, body.end, body.start])).rows;
    const roster = (await c.query(`select ls.lesson_id, u.id, u.first_name, u.last_name, ls.attendance from lesson_students ls join users u on u.id = ls.student_id
      where ls.lesson_id = any($1) order by u.first_name, u.last_name`, [rows.map((r) => r.id)])).rows;
    return {
      results: rows.map((r) => {
        const students = roster.filter((s) => s.lesson_id === r.id);
        return {
          _id: r.id, title: `${r.type_name}: ${students.map((s) => `${s.first_name} ${s.last_name}`).join(', ')}`,
          start: isoIn(r.starts_at, zone), end: isoIn(r.ends_at, zone),
          assignedId: { _id: r.id, class_groupId: null, cancelLesson: r.status === 'cancelled', bankLesson: r.banked_until !== null, cancelReason: r.cancel_reason, bankedExpDate: r.banked_until ? isoIn(r.banked_until, zone) : null },
          lesson_type: { _id: r.lesson_type_id, name: r.type_name, kind: r.kind }, room: r.room_id ? { _id: r.room_id, roomName: r.room_name } : null,
          teacher: { _id: r.teacher_id, first_name: r.first_name, last_name: r.last_name },
          studentAttendance: students.map((s) => ({ studId: { _id: s.id, first_name: s.first_name, last_name: s.last_name }, status: s.attendance })),
          seriesId: r.series_id, isMakeup: r.is_makeup, attendanceTaken: r.attendance_taken_at !== null, detail: true, canEdit: true, canCancel: r.status !== 'cancelled',
        };
      }),
      timeZone: zone, canCreate: true,
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
    if (req.url === '/api/member/students/list') {
      const out = await students((req.headers.authorization ?? '').slice(7), body);
      return out ? send(res, 200, 'Success', out) : send(res, 401, 'Please sign in', null);
    }
    if (req.url === '/api/scheduling/getEvents') {
      const out = await events((req.headers.authorization ?? '').slice(7), body);
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
