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
  const updated = await client.query<{ id: string; subtotal_cents: number }>(
    `update invoices set pay_token_hash = $2 where id = (
       select id from invoices where admin_id = $1 and status = 'open' order by number limit 1)
     returning id, subtotal_cents`,
    [adminId, hashToken(token)],
  );
  const invoice = updated.rows[0];
  if (!invoice) throw new Error('The bench dataset has no open invoice for benchadmin1');
  await giveLessonLines(client, adminId, invoice.id, invoice.subtotal_cents);
  return token;
}

/**
 * The dataset's invoices carry totals but no lines; a family's real invoice lists its lessons, and
 * the page is scored drawing them: four lessons adding up to the subtotal (the last takes the rest).
 */
async function giveLessonLines(client: pg.Client, adminId: string, invoiceId: string, subtotalCents: number) {
  const { rows } = await client.query('select 1 from invoice_lines where invoice_id = $1 limit 1', [invoiceId]);
  if (rows.length) return;
  const each = Math.floor(subtotalCents / 4);
  for (let i = 0; i < 4; i += 1) {
    const amount = i === 3 ? subtotalCents - each * 3 : each;
    await client.query(
      `insert into invoice_lines (admin_id, invoice_id, position, description, quantity, unit_price_cents, amount_cents)
       values ($1, $2, $3, $4, 1, $5, $5)`,
      [adminId, invoiceId, i + 1, `Piano lesson, 30 minutes: December ${1 + i * 7}`, amount],
    );
  }
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
