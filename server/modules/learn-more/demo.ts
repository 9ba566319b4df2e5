import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { learnMorePages, users } from '../../db/schema/index.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';

/**
 * Riverside's text for its students' Learn More page (issue 17); its teachers and widgets are the demo's own.
 * A browser spec's own Riverside (ctx.login, decision 064) gets the same text.
 */
export async function seedLearnMoreDemo(tx: Tx, _now?: Date, ctx?: DemoContext): Promise<void> {
  const [school] = await tx.select({ id: users.id }).from(users).where(eq(users.username, demoLogin(ctx, 'admin')));
  if (!school) throw new Error('The Learn More demo needs the demo admin');
  await tx.insert(learnMorePages).values({
    adminId: school.id,
    about: 'We have taught piano, strings and voice by the river since 2009. Every student plays in two recitals a year, and our doors are open for a free trial lesson.',
  });
}
