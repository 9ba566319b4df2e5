import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_MESSAGES as M, type StoreItem } from '../../../shared/contracts/store';
import { fakeServer } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { AdjustStockModal } from './AdjustStockModal';

const ITEM: StoreItem = {
  _id: '00000000-0000-4000-8000-0000000000b1', store: 'school', item_name: 'Metronome', item_code: null, item_price: 24.99, quantity: 2,
  shipping_cost: null, tax_applicable: false, item_image: [], select_category: null, seller: null, inStock: true, lowStock: true,
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('AdjustStockModal', () => {
  it('checks the change and reason with the server’s schema before sending, then shows the server’s "below zero"', async () => {
    const sent: unknown[] = [];
    fakeServer(({ body }) => {
      sent.push(body);
      return { status: 400, message: M.belowZero, data: null, errors: { change: M.belowZero } };
    });
    renderWithApp(<AdjustStockModal item={ITEM} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(await within(dialog).findByText(M.changeInvalid)).toBeTruthy();
    expect(within(dialog).getByText(M.reasonRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Change/), { target: { value: '-5' } });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Counted' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(within(dialog).getByText(M.belowZero)).toBeTruthy());
    expect(sent).toEqual([{ productId: ITEM._id, change: -5, reason: 'Counted' }]);
  });
});
