import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../shared/roles.js';
import {
  decideAdjustStock, decideManageProduct, decideViewProduct, listedStoreOf, mayAdjustStock, mayBrowse, mayBuildStoreWidget, mayManageProducts, mayManageSellers, storeOwnerOf, type StoreActor,
} from './store.js';

const SCHOOL = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const PROVIDER = '00000000-0000-4000-8000-000000000009';
const actorOf = (role: Role, showStore = true): StoreActor => ({
  id: role === 'superadmin' ? PROVIDER : `${role}-1`, role, adminId: role === 'superadmin' ? null : SCHOOL, user: { showStore },
});

describe('store policy', () => {
  it('opens browsing, items, stock and sellers to each role of a school with the store', () => {
    expect(ROLES.map((r) => [r, mayBrowse(actorOf(r)), mayManageProducts(actorOf(r)), mayAdjustStock(actorOf(r)), mayManageSellers(actorOf(r))])).toEqual([
      ['superadmin', true, true, true, true],
      ['admin', true, true, true, false],
      ['subadmin', true, true, false, false],
      ['teacher', true, false, false, false],
      ['student', true, false, false, false],
      ['parent', false, false, false, false],
    ]);
    expect(storeOwnerOf(actorOf('superadmin'))).toBe(PROVIDER);
    expect(storeOwnerOf(actorOf('subadmin'))).toBe(SCHOOL);
    expect(storeOwnerOf(actorOf('teacher'))).toBeNull();
  });

  it('shows Product Listing to the store’s keepers and, read only, to a teacher: their school’s items (decision 090)', () => {
    expect(ROLES.map((r) => [r, listedStoreOf(actorOf(r)), listedStoreOf(actorOf(r, false))])).toEqual([
      ['superadmin', { adminId: PROVIDER, provider: true }, { adminId: PROVIDER, provider: true }],
      ['admin', { adminId: SCHOOL, provider: false }, null],
      ['subadmin', { adminId: SCHOOL, provider: false }, null],
      ['teacher', { adminId: SCHOOL, provider: false }, null],
      ['student', null, null],
      ['parent', null, null],
    ]);
  });

  it('closes every store call of a school without showStore, but not the provider’s', () => {
    expect(ROLES.map((r) => [r, mayBrowse(actorOf(r, false)), mayManageProducts(actorOf(r, false))])).toEqual([
      ['superadmin', true, true],
      ['admin', false, false],
      ['subadmin', false, false],
      ['teacher', false, false],
      ['student', false, false],
      ['parent', false, false],
    ]);
    expect(decideViewProduct(actorOf('student', false), { adminId: PROVIDER, provider: true })).toBe('forbidden');
  });

  it('gives the store builder and widget to the admin of a school with the store alone', () => {
    expect(ROLES.map((r) => [r, mayBuildStoreWidget(actorOf(r)), mayBuildStoreWidget(actorOf(r, false))])).toEqual([
      ['superadmin', false, false],
      ['admin', true, false],
      ['subadmin', false, false],
      ['teacher', false, false],
      ['student', false, false],
      ['parent', false, false],
    ]);
  });

  it('decides view, manage and stock on the school’s item, another school’s and the provider’s', () => {
    const own = { adminId: SCHOOL, provider: false };
    const other = { adminId: OTHER, provider: false };
    const provider = { adminId: PROVIDER, provider: true };
    const row = (r: Role) => [r, ...[own, other, provider].flatMap((p) => [decideViewProduct(actorOf(r), p), decideManageProduct(actorOf(r), p), decideAdjustStock(actorOf(r), p)])];
    expect(ROLES.map(row)).toEqual([
      ['superadmin', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'not-found', 'allow', 'allow', 'allow'],
      ['admin', 'allow', 'allow', 'allow', 'not-found', 'not-found', 'not-found', 'allow', 'forbidden', 'forbidden'],
      ['subadmin', 'allow', 'allow', 'forbidden', 'not-found', 'not-found', 'not-found', 'allow', 'forbidden', 'forbidden'],
      ['teacher', 'allow', 'forbidden', 'forbidden', 'not-found', 'not-found', 'not-found', 'allow', 'forbidden', 'forbidden'],
      ['student', 'allow', 'forbidden', 'forbidden', 'not-found', 'not-found', 'not-found', 'allow', 'forbidden', 'forbidden'],
      ['parent', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
    ]);
  });
});
