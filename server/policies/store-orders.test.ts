import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import { ORDER_STATUSES } from '../../shared/contracts/store-orders.js';
import type { StoreActor } from './store.js';
import { decideUpdateOrder, decideViewOrder, invoicesOffered, mayBuy, mayListStoreOrders, mayMoveStatus, maySetTaxRate } from './store-orders.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const PROVIDER = '00000000-0000-4000-8000-000000000009';
const actorOf = (role: Role, showStore = true): StoreActor => ({
  id: role === 'superadmin' ? PROVIDER : `${role}-1`, role, adminId: role === 'superadmin' ? null : SCHOOL, user: { showStore },
});

describe('store orders policy', () => {
  it('lets each role buy, list a store’s orders and set the tax rate', () => {
    expect(ROLES.map((r) => [r, mayBuy(actorOf(r)), mayListStoreOrders(actorOf(r)), maySetTaxRate(actorOf(r))])).toEqual([
      ['superadmin', false, true, true],
      ['admin', true, true, true],
      ['subadmin', true, true, false],
      ['teacher', true, false, false],
      ['student', true, false, false],
      ['parent', false, false, false],
    ]);
    expect(ROLES.map((r) => mayBuy(actorOf(r, false)))).toEqual([false, false, false, false, false, false]);
  });

  it('decides view and update of the school’s order, another school’s, the provider’s and one’s own', () => {
    const own = { adminId: SCHOOL, provider: false, userId: 'nobody' };
    const other = { adminId: OTHER, provider: false, userId: 'nobody' };
    const provider = { adminId: PROVIDER, provider: true, userId: 'nobody' };
    const row = (r: Role) => {
      const a = actorOf(r);
      const mine = { adminId: SCHOOL, provider: false, userId: a.id };
      return [r, ...[own, other, provider, mine].flatMap((o) => [decideViewOrder(a, o), decideUpdateOrder(a, o)])];
    };
    expect(ROLES.map(row)).toEqual([
      ['superadmin', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow', 'allow'],
      ['admin', 'allow', 'allow', 'not-found', 'not-found', 'not-found', 'not-found', 'allow', 'allow'],
      ['subadmin', 'allow', 'allow', 'not-found', 'not-found', 'not-found', 'not-found', 'allow', 'allow'],
      ['teacher', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'allow', 'forbidden'],
      ['student', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'allow', 'forbidden'],
      ['parent', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'allow', 'forbidden'],
    ]);
  });

  it('moves an order only along the allowed transitions', () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => mayMoveStatus(from, to)).map((to) => `${from}>${to}`));
    expect(allowed).toEqual([
      'pending>paid', 'pending>cancelled',
      'paid>processing', 'paid>shipped', 'paid>refunded',
      'processing>shipped', 'processing>refunded',
      'shipped>delivered', 'shipped>refunded',
      'delivered>refunded',
    ]);
  });
});

describe('invoicesOffered', () => {
  const order = { adminId: 's1', provider: false, userId: 'u1' };
  const actor = (id: string, role: Role): StoreActor => ({ id, role, adminId: 's1', user: { showStore: true } });
  it('offers the vendor invoice to the store’s staff and the superadmin, not to the buyer', () => {
    expect(invoicesOffered(actor('u1', 'student'), order)).toEqual(['customer']);
    expect(invoicesOffered(actor('u1', 'admin'), order)).toEqual(['customer']);
    expect(invoicesOffered(actor('staff', 'subadmin'), order)).toEqual(['customer', 'vendor']);
    expect(invoicesOffered(actor('sa', 'superadmin'), order)).toEqual(['customer', 'vendor']);
  });
});
