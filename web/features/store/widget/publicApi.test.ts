import { describe, expect, it } from 'vitest';
import { STORE_WIDGET_ROUTES } from '../../../../shared/contracts/store-widget';
import { PUBLIC_STORE_WIDGET } from './publicApi';

describe("the store widget's items, read by address (decision 077)", () => {
  it('is its contract’s method and path', () => {
    expect(PUBLIC_STORE_WIDGET).toEqual({ method: STORE_WIDGET_ROUTES.public.method, path: STORE_WIDGET_ROUTES.public.path });
  });
});
