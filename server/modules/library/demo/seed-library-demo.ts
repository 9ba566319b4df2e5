import { inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.js';
import { libraryFiles, libraryShares, users } from '../../../db/schema/index.js';
import { demoLogin, type DemoContext } from '../../../db/seed-demo.js';
import type { FileStorage } from '../../../services/storage/storage.js';
import { createMemoryStorage } from '../../../services/storage/memory-storage.js';
import { sniffContentType } from '../../../services/storage/sniff-content-type.js';
import { storageKeyFor } from '../upload-files.js';
import { tinyPdf, tinyPng, tinyWav } from './tiny-files.js';

/**
 * Riverside's Library (issue 13): a scales sheet (PDF), a keyboard diagram (PNG) and a tuning note
 * (WAV), made in code. The scales sheet is shared with Lily Chen; the diagram is marked for the
 * school's teachers. The bytes go to the app's storage (a database seeded without one, in tests,
 * keeps them in memory).
 */
export async function seedLibraryDemo(tx: Tx, now: Date, ctx: DemoContext): Promise<void> {
  const storage = ctx.storage ?? createMemoryStorage();
  const people = await tx.select({ id: users.id, username: users.username }).from(users)
    .where(inArray(users.username, ['admin', 'teacher', 'student'].map((u) => demoLogin(ctx, u))));
  const id = (username: string) => {
    const found = people.find((p) => p.username === demoLogin(ctx, username));
    if (!found) throw new Error(`The library demo needs the demo user ${username}`);
    return found.id;
  };
  const rma = id('admin');
  const files = [
    { name: 'Scales practice sheet.pdf', bytes: tinyPdf('Scales practice sheet'), folder: 'Piano', owner: rma, forTeachers: false, days: 20 },
    { name: 'Keyboard diagram.png', bytes: tinyPng(), folder: 'Piano', owner: rma, forTeachers: true, days: 15 },
    { name: 'Tuning note A440.wav', bytes: tinyWav(), folder: 'Ear training', owner: id('teacher'), forTeachers: false, days: 8 },
  ];
  const rows = [];
  for (const f of files) {
    const type = sniffContentType(f.bytes)!;
    const storageKey = storageKeyFor(rma);
    await storage.put(storageKey, f.bytes, { contentType: type.type, size: f.bytes.length });
    rows.push({
      adminId: rma, ownerId: f.owner, storageKey, name: f.name, contentType: type.type, kind: type.kind, sizeBytes: f.bytes.length,
      folder: f.folder, sharedWithTeachers: f.forTeachers, createdAt: new Date(now.getTime() - f.days * 86_400_000),
    });
  }
  const [scales] = await tx.insert(libraryFiles).values(rows).returning();
  await tx.insert(libraryShares).values({ adminId: rma, fileId: scales!.id, studentId: id('student'), sharedBy: rma, createdAt: new Date(now.getTime() - 19 * 86_400_000) });
}

/**
 * For other modules' demos (a course's cover): stores bytes made in code as a file of `adminId`'s
 * library, out of its list unless `inLibrary`; answers its id.
 */
export async function addDemoFile(tx: Tx, ctx: DemoContext, f: { adminId: string; ownerId: string; name: string; bytes: Buffer; inLibrary?: boolean; createdAt?: Date }): Promise<string> {
  const storage: FileStorage = ctx.storage ?? createMemoryStorage();
  const type = sniffContentType(f.bytes);
  if (!type) throw new Error(`The demo file ${f.name} is of no type the library takes`);
  const storageKey = storageKeyFor(f.adminId);
  await storage.put(storageKey, f.bytes, { contentType: type.type, size: f.bytes.length });
  const [row] = await tx.insert(libraryFiles).values({
    adminId: f.adminId, ownerId: f.ownerId, storageKey, name: f.name, contentType: type.type, kind: type.kind, sizeBytes: f.bytes.length,
    inLibrary: f.inLibrary ?? false, ...(f.createdAt ? { createdAt: f.createdAt } : {}),
  }).returning({ id: libraryFiles.id });
  return row!.id;
}
