import pg from 'pg';
import { hashToken, newToken } from '../server/lib/tokens.js';
import { BENCH_PASSWORD } from './dataset.js';
import { hashPassword } from '../server/lib/passwords.js';

export type PublicPagePath = { page: string; path: string };

/**
 * Every page a signed-out visitor reaches first (issue 27: sign-in, the pay page, the school
 * signup, the student signup widget, the plan and store widgets, reset password), each at a URL
 * that shows the page as a real visitor sees it: the pay page of one of benchadmin1's open
 * invoices, the school signup of a provider who offers two plans, benchadmin1's widgets.
 */
export async function publicPagePaths(url: string): Promise<PublicPagePath[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const admin = (await client.query(`select id from users where username = 'benchadmin1'`)).rows[0].id as string;
    return [
      { page: '/login', path: '/login' },
      { page: '/invoices/pay/{token}', path: `/invoices/pay/${await payToken(client, admin)}` },
      { page: '/signup/{id}', path: `/signup/${await signupProvider(client)}` },
      { page: '/studentSignup/{id}', path: `/studentSignup/${admin}` },
      { page: '/widget/plans/{id}', path: `/widget/plans/${admin}` },
      { page: '/widget/store/{id}', path: `/widget/store/${admin}` },
      // A link that is not valid shows the same page and form as a live one.
      { page: '/resetpassword/{key}', path: `/resetpassword/${'0'.repeat(43)}` },
    ];
  } finally {
    await client.end();
  }
}

/**
 * A fresh pay link for benchadmin1's first open invoice: the dataset stores no usable token (the
 * link's token is kept only as its hash), so the bench gives that invoice a new one each run.
 */
async function payToken(client: pg.Client, adminId: string): Promise<string> {
  const token = newToken();
  const updated = await client.query(
    `update invoices set pay_token_hash = $2 where id = (
       select id from invoices where admin_id = $1 and status = 'open' order by number limit 1)`,
    [adminId, hashToken(token)],
  );
  if (updated.rowCount !== 1) throw new Error('The bench dataset has no open invoice for benchadmin1');
  return token;
}

/** The provider's own signup link (its superadmin's id), with a school plan and a private teacher's plan on offer. */
async function signupProvider(client: pg.Client): Promise<string> {
  const found = await client.query(`select id from users where username = 'benchprovider'`);
  if (found.rowCount) return found.rows[0].id as string;
  await client.query('begin');
  const { rows } = await client.query(
    `insert into users (id, admin_id, role, username, email, password_hash, first_name, last_name, email_verified_at)
     values (gen_random_uuid(), null, 'superadmin', 'benchprovider', 'provider@bench.example', $1, 'Bench', 'Provider', now()) returning id`,
    [await hashPassword(BENCH_PASSWORD)],
  );
  await client.query(`
    insert into school_plans (plan_name, price_cents, school_private_teacher, billing_period, max_students, max_teachers)
    values ('Studio', 2900, 'privateTeacher', 'monthly', 50, 1), ('School', 9900, 'school', 'monthly', null, null)`);
  await client.query('commit');
  return rows[0].id as string;
}
