import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/** The chat item's people: one school of teacher-and-own-student pairs, each pair talking to itself only. */
export const CHAT_SCHOOL = 'benchchatadmin';

export type ChatPair = { teacher: ChatPerson; student: ChatPerson };
export type ChatPerson = { id: string; token: string };

/**
 * Makes (once) a school of `pairs` teachers each with one student of their own, and signs every
 * one of them in: a session row a person with a fresh token (only its SHA-256 is stored, as a
 * sign-in does). Sign-ins themselves are argon2 and measured by the sign-in item; here they would
 * only take a minute. The pairs' contacts are the admin and each other, so a connection tells
 * one person it is online, as a real teacher's tells their students.
 */
export async function chatPairs(url: string, pairs: number): Promise<ChatPair[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const existing = (await client.query(`select id from users where username = $1`, [CHAT_SCHOOL])).rows[0] as { id: string } | undefined;
    const adminId = existing?.id ?? (await client.query(`
      insert into users (id, admin_id, role, addrole, username, email, password_hash, first_name, last_name, email_verified_at)
      select id, id, 'admin', 'School', $1, $1 || '@bench.example', 'no sign-in', 'Chat', 'Bench', now() from (select gen_random_uuid() as id) s
      returning id`, [CHAT_SCHOOL])).rows[0].id as string;
    if (!existing) await client.query(`insert into schools (admin_id, school_name) values ($1, 'Bench Chat School')`, [adminId]);
    await client.query(`
      insert into users (admin_id, role, username, email, password_hash, first_name, last_name, status)
      select $1, r.role, 'benchchat' || r.role || i, 'chat' || r.role || i || '@bench.example', 'no sign-in', initcap(r.role), 'C' || i, true
      from generate_series(1, $2::int) i cross join (values ('teacher'), ('student')) r(role)
      on conflict do nothing`, [adminId, pairs]);
    const rows = (await client.query(`
      select t.id as teacher, s.id as student from generate_series(1, $1::int) i
      join users t on t.username = 'benchchatteacher' || i join users s on s.username = 'benchchatstudent' || i order by i`, [pairs])).rows as { teacher: string; student: string }[];
    await client.query(`
      insert into student_teachers (admin_id, student_id, teacher_id)
      select $1, s, t from unnest($2::uuid[], $3::uuid[]) p(s, t)
      where not exists (select 1 from student_teachers x where x.student_id = p.s and x.teacher_id = p.t)`,
    [adminId, rows.map((r) => r.student), rows.map((r) => r.teacher)]);
    const signIn = async (ids: string[]) => {
      const tokens = ids.map(() => randomBytes(32).toString('base64url'));
      await client.query(`
        insert into sessions (token_hash, user_id, remember, expires_at)
        select h, u, false, now() + interval '2 hours' from unnest($1::text[], $2::uuid[]) p(h, u)`,
      [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids]);
      return tokens;
    };
    const teacherTokens = await signIn(rows.map((r) => r.teacher));
    const studentTokens = await signIn(rows.map((r) => r.student));
    await client.query('commit');
    return rows.map((r, i) => ({ teacher: { id: r.teacher, token: teacherTokens[i]! }, student: { id: r.student, token: studentTokens[i]! } }));
  } finally {
    await client.end();
  }
}
