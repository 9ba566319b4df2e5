import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { libraryFiles, libraryShares, users } from '../../../db/schema/index.js';
import { secretBoxOf } from '../../../lib/secret-box.js';
import { seedDemoIfEmpty } from '../../../demo.js';
import { createMemoryStorage } from '../../../services/storage/memory-storage.js';
import { sniffContentType } from '../../../services/storage/sniff-content-type.js';
import { createTestApp, sessionToken, type TestApp } from '../../../test/test-app.js';
import { buffer } from 'node:stream/consumers';

let t: TestApp;
const storage = createMemoryStorage();
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(t.db, secretBoxOf(t.services.config), storage);
});
afterAll(() => t.close());

it('gives Riverside a PDF, an image and an audio file, valid by their bytes, the PDF shared with Lily Chen', async () => {
  // The courses' cover images are files too, kept out of the Library's list.
  const files = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(libraryFiles).where(eq(libraryFiles.inLibrary, true)).orderBy(libraryFiles.createdAt));
  expect(files.map((f) => [f.name, f.kind, f.folder])).toEqual([
    ['Scales practice sheet.pdf', 'pdf', 'Piano'], ['Keyboard diagram.png', 'image', 'Piano'], ['Tuning note A440.wav', 'audio', 'Ear training'],
  ]);
  for (const f of files) {
    const bytes = await buffer(await storage.get(f.storageKey));
    expect(bytes.length).toBe(f.sizeBytes);
    expect(sniffContentType(bytes)?.type).toBe(f.contentType);
  }
  const [lily] = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(users).where(eq(users.username, 'student')));
  const shares = await t.db.transaction({ kind: 'all' }, (tx) => tx.select().from(libraryShares));
  expect(shares).toMatchObject([{ fileId: files[0]!.id, studentId: lily!.id }]);
  // Lily sees it in her library.
  const res = await t.call('POST', '/api/library/list', { token: await sessionToken(t, lily!.id), body: {} });
  expect(res.body.data.results.map((f: { name: string }) => f.name)).toEqual(['Scales practice sheet.pdf']);
});
