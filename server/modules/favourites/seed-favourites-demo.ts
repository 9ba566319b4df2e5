import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { favouriteSongs, users } from '../../db/schema/index.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';

const LILYS_SONGS = [
  { title: 'Clair de Lune', artist: 'Claude Debussy', link: 'https://en.wikipedia.org/wiki/Clair_de_lune_(Debussy)' },
  { title: 'River Flows in You', artist: 'Yiruma', link: '' },
  { title: 'Gymnopédie No. 1', artist: 'Erik Satie', link: 'https://en.wikipedia.org/wiki/Gymnop%C3%A9dies' },
  { title: 'Someone Like You', artist: 'Adele', link: '' },
];

/** Lily Chen's favourite songs, oldest first so the list shows the last one added on top. */
export async function seedFavouritesDemo(tx: Tx, now: Date, ctx?: DemoContext): Promise<void> {
  const [lily] = await tx.select({ id: users.id, adminId: users.adminId }).from(users).where(eq(users.username, demoLogin(ctx, 'student'))).limit(1);
  if (!lily?.adminId) throw new Error('The favourites demo needs the demo student Lily Chen');
  await tx.insert(favouriteSongs).values(LILYS_SONGS.map((song, i) => ({
    ...song, adminId: lily.adminId!, studentId: lily.id, createdAt: new Date(now.getTime() - (LILYS_SONGS.length - i) * 86_400_000),
  })));
}
