import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreItem } from '../../../shared/contracts/store';
import { fakeServer, sessionAs } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import ProductListingPage from './ProductListingPage';
import { patient } from '../../../tests/patience';

const SLOW = { timeout: patient(5000) };

const ITEM: StoreItem = {
  _id: 'p1', store: 'school', item_name: 'Piano Book', item_code: 'BK-1', item_price: 12.5, quantity: 7, shipping_cost: null, tax_applicable: true,
  item_image: [], select_category: { _id: 'c1', name: 'Books' }, seller: null, inStock: true, lowStock: false,
  createdAt: '2031-01-01T00:00:00.000Z', updatedAt: '2031-01-01T00:00:00.000Z',
};

function render() {
  const calls = fakeServer((call) => {
    if (call.url === '/api/store/getStoreList') return { data: { results: [ITEM], page: 1, limit: 10, totalCount: 1 } };
    if (call.url === '/api/store/category/list') return { data: { results: [{ _id: 'c1', name: 'Books', productCount: 1 }] } };
    return undefined;
  });
  renderWithApp(<ProductListingPage />, { path: '/stores/product-listing' });
  return calls;
}

describe('ProductListingPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the store’s keepers the item’s changes', async () => {
    sessionAs('subadmin', null, { showStore: true });
    render();
    expect(await screen.findByText('Piano Book', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add item' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Piano Book' })).toBeTruthy();
  });

  it('shows a teacher the school’s items with nothing to change (decision 090)', async () => {
    sessionAs('teacher', null, { showStore: true });
    render();
    expect(await screen.findByRole('link', { name: 'Piano Book' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Books' })).toBeTruthy();
    for (const name of ['Add item', 'Categories', 'Sales tax', 'Edit Piano Book', 'Delete Piano Book']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
