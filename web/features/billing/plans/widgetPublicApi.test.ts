import { describe, expect, it } from 'vitest';
import { WIDGET_ROUTES } from '../../../../shared/contracts/plan-widgets';
import { PUBLIC_WIDGET_SCHOOL } from './widgetPublicApi';

describe("the plan and login widgets' school, read by address (decision 077)", () => {
  it('is its contract’s method and path', () => {
    expect(PUBLIC_WIDGET_SCHOOL).toEqual({ method: WIDGET_ROUTES.publicSchool.method, path: WIDGET_ROUTES.publicSchool.path });
  });
});
