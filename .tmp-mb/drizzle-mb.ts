import pg from 'pg';
import { openDatabase } from '../server/db/client.js';
import { listMembers } from '../server/modules/members/list-members.js';
import { actorOfToken } from '../server/plugins/auth.js';

const url = 'postgres://postgres:postgres@127.0.0.1:5432/cadenza_bench_wpbench';
const db = await openDatabase({ url, poolSize: 1 });
const raw = new pg.Pool({ connectionString: url, max: 1 });
const token = process.argv[2]!;
const actor = (await actorOfToken(db, token, null))!;
const q = { page: 3, limit: 6, sortBy: 'createdAt', orderBy: -1 } as const;
const adminId = actor.adminId!;
async function viaApp() { await db.transaction(actor.tenant, (tx) => listMembers(tx, actor, 'student', 'school', q as never)); }
async function viaRaw() {
  const c = await raw.connect();
  try {
    await c.query(`begin; select set_config('role', 'cadenza_app', true), set_config('app.admin_id', '${adminId}', true), set_config('app.all_schools', 'off', true)`);
    const where = `role = 'student' and admin_id = $1`;
    const rows = (await c.query({ name: 'students_page', text: `select id, role, first_name, last_name, username, email, cell_phone, status, password_hash, created_at,
      allow_payroll_report, count(*) over () as total from users where ${where}
      order by created_at desc, id desc limit $2 offset $3`, values: [adminId, 6, 12] })).rows;
    await c.query({ name: 'students_counts', text: `select count(*) filter (where status)::int as active, count(*) filter (where not status)::int as inactive from users where ${where}`, values: [adminId] });
    const ids = rows.map((r) => r.id);
    await c.query({ name: 'i', text: `select sg.student_id as owner, g.id, g.name, sg.level from student_genres sg join genres g on g.id = sg.genre_id where sg.student_id = any($1) order by g.name`, values: [ids] });
    await c.query({ name: 't', text: `select st.student_id as owner, o.id, o.first_name, o.last_name from student_teachers st join users o on o.id = st.teacher_id where st.student_id = any($1) order by o.first_name, o.last_name`, values: [ids] });
    await c.query({ name: 'p', text: `select pc.student_id as owner, o.id, o.first_name, o.last_name from parent_children pc join users o on o.id = pc.parent_id where pc.student_id = any($1) order by o.first_name, o.last_name`, values: [ids] });
    await c.query('commit');
  } finally { c.release(); }
}
async function lookupApp() { await actorOfToken(db, token, null); }
async function lookupRaw() { const { createHash } = await import('node:crypto'); await raw.query({ name: 'l', text: 'select app_session_lookup($1)', values: [createHash('sha256').update(token).digest('hex')] }); }
const fns = process.env.ONLY_APP ? { viaApp } : { viaApp, viaRaw, lookupApp, lookupRaw };
const times: Record<string, number[]> = { viaApp: [], viaRaw: [], lookupApp: [], lookupRaw: [] };
for (let r = 0; r < 8; r++) for (const [k, f] of Object.entries(fns)) {
  const t0 = process.cpuUsage(); const N = 300;
  for (let i = 0; i < N; i++) await f();
  const t = process.cpuUsage(t0); if (r >= 2) times[k]!.push((t.user + t.system) / N);
}
for (const [k, v] of Object.entries(times)) console.log(k, 'µs Node CPU per call (median)', v.sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(0));
await db.close(); await raw.end();
