import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { storeCategories, storeProducts, storeSellers, storeStockAdjustments, users } from '../../db/schema/index.js';
import { demoLogin, type DemoContext } from '../../db/seed-demo.js';
import { addDemoFile, tinyPng } from '../library/index.js';

type DemoItem = { name: string; code: string; price: number; shipping: number | null; tax: boolean; stock: number; category: string; image: boolean };

const RIVERSIDE: DemoItem[] = [
  { name: 'Piano Adventures Lesson Book 1', code: 'BK-PA1', price: 899, shipping: 300, tax: false, stock: 12, category: 'Books', image: true },
  { name: 'Theory Workbook Level 1', code: 'BK-TW1', price: 1250, shipping: 300, tax: false, stock: 4, category: 'Books', image: true },
  { name: 'Scale Flash Cards', code: 'BK-SFC', price: 650, shipping: null, tax: false, stock: 0, category: 'Books', image: true },
  { name: 'Digital Metronome', code: 'AC-MET', price: 2499, shipping: 500, tax: true, stock: 8, category: 'Accessories', image: true },
  { name: 'Folding Music Stand', code: 'AC-STD', price: 1999, shipping: 800, tax: true, stock: 15, category: 'Accessories', image: true },
  { name: 'Cleaning Cloth', code: 'AC-CLO', price: 399, shipping: null, tax: true, stock: 30, category: 'Accessories', image: false },
];
const PROVIDER: (DemoItem & { seller: number })[] = [
  { name: 'Student Violin 4/4 Outfit', code: 'PV-VIO', price: 18900, shipping: 1500, tax: true, stock: 5, category: 'Instruments', image: true, seller: 0 },
  { name: 'Concert Ukulele', code: 'PV-UKE', price: 7400, shipping: 900, tax: true, stock: 9, category: 'Instruments', image: false, seller: 1 },
];
const SELLERS = [
  { firstName: 'Marco', lastName: 'Bellini', address: '22 Luthier Lane', state: 'NY', postalCode: '10013', cellPhone: '(212) 555-0142' },
  { firstName: 'Aiko', lastName: 'Tanaka', address: '9 Harbor Road', state: 'CA', postalCode: '94107', cellPhone: '(415) 555-0177' },
];

/**
 * The store of the demo (issue 16): Riverside's store (its plan includes it) with six items in two
 * categories, Scale Flash Cards out of stock and the Cleaning Cloth without an image (the
 * placeholder); the provider's store with two sellers and an instrument from each.
 */
export async function seedStoreDemo(tx: Tx, now: Date, ctx: DemoContext): Promise<void> {
  // A spec's own Riverside (ctx.login, docs/decisions/064-each-browser-spec-on-its-own-school.md): its store only; the
  // provider's catalogue is provider-wide, seeded once with the demo.
  const people = await tx.select({ id: users.id, username: users.username }).from(users)
    .where(inArray(users.username, ctx.login ? [demoLogin(ctx, 'admin')] : ['superadmin', 'admin']));
  const idOf = (username: string) => {
    const found = people.find((p) => p.username === demoLogin(ctx, username));
    if (!found) throw new Error(`The store demo needs the demo user ${username}`);
    return found.id;
  };
  const school = idOf('admin');
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);

  const categories = async (adminId: string, isProvider: boolean, names: string[]) => {
    const rows = await tx.insert(storeCategories).values(names.map((name) => ({ adminId, provider: isProvider, name }))).returning();
    return (name: string) => rows.find((r) => r.name === name)!.id;
  };
  const add = async (adminId: string, isProvider: boolean, item: DemoItem, categoryId: string, sellerId: string | null, age: number) => {
    const imageFileId = item.image ? await addDemoFile(tx, ctx, { adminId, ownerId: adminId, name: `${item.name}.png`, bytes: tinyPng(160, 120), createdAt: days(age) }) : null;
    const [row] = await tx.insert(storeProducts).values({
      adminId, provider: isProvider, itemName: item.name, itemCode: item.code, priceCents: item.price, shippingCents: item.shipping, taxApplicable: item.tax,
      stock: item.stock, imageFileId, categoryId, sellerId, createdBy: adminId, createdAt: days(age), updatedAt: days(age),
    }).returning({ id: storeProducts.id });
    if (item.stock > 0) {
      await tx.insert(storeStockAdjustments).values({ adminId, productId: row!.id, change: item.stock, stockAfter: item.stock, reason: 'Opening stock', adjustedBy: adminId, createdAt: days(age) });
    }
  };

  const riverside = await categories(school, false, ['Books', 'Accessories']);
  for (const [i, item] of RIVERSIDE.entries()) await add(school, false, item, riverside(item.category), null, 20 - i);

  if (ctx.login) return;
  const provider = idOf('superadmin');
  const sellers = await tx.insert(storeSellers).values(SELLERS.map((s, i) => ({ adminId: provider, ...s, createdAt: days(40 - i) }))).returning();
  const providerCategory = await categories(provider, true, ['Instruments']);
  for (const [i, item] of PROVIDER.entries()) await add(provider, true, item, providerCategory(item.category), sellers[item.seller]!.id, 30 - i);
}
