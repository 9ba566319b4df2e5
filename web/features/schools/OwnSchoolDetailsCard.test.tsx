import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHOOL_DETAILS_MESSAGES, type OwnSchoolDetails as Details } from '../../../shared/contracts/school-details';
import { fakeFetch } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { OwnSchoolDetails } from './OwnSchoolDetailsCard';

const ADMIN = '00000000-0000-4000-8000-0000000000a1';
const DETAILS: Details = {
  adminId: ADMIN, school_name: 'Lind Music', working_phone: '(617) 555-0199', address1: '12 Elm St', city: 'Boston', state: 'MA',
  postal_code: '02101', country: 'United States', time_zone: 'America/New_York',
};

function serve() {
  const saved: unknown[] = [];
  fakeFetch(({ url, body }) => {
    if (url.endsWith('/school/details/update')) {
      saved.push(body);
      return { message: SCHOOL_DETAILS_MESSAGES.updated, data: { ...DETAILS, ...(body as object) } };
    }
    return { data: DETAILS };
  });
  return saved;
}

afterEach(() => vi.unstubAllGlobals());

describe('OwnSchoolDetails (decision 080)', () => {
  it('shows the school’s zone and saves a new one with the details, by the contract’s schema', async () => {
    const saved = serve();
    renderWithApp(<OwnSchoolDetails adminId={ADMIN} canEdit />);
    const zone = (await screen.findByLabelText(/Time Zone/)) as HTMLSelectElement;
    expect(zone.value).toBe('America/New_York');
    fireEvent.change(zone, { target: { value: 'America/Los_Angeles' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save school details' }));
    expect(await screen.findByText(SCHOOL_DETAILS_MESSAGES.updated)).toBeTruthy();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ adminId: ADMIN, time_zone: 'America/Los_Angeles', school_name: 'Lind Music', city: 'Boston' });
  });

  it('refuses an empty school name in the form, sending nothing', async () => {
    const saved = serve();
    renderWithApp(<OwnSchoolDetails adminId={ADMIN} canEdit />);
    fireEvent.change(await screen.findByLabelText(/School Name/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save school details' }));
    expect(await screen.findByText('School Name is Required')).toBeTruthy();
    await waitFor(() => expect(saved).toEqual([]));
  });

  it('a sub-admin reads them and cannot save', async () => {
    serve();
    renderWithApp(<OwnSchoolDetails adminId={ADMIN} canEdit={false} />);
    expect((await screen.findByLabelText(/Time Zone/)).matches(':disabled')).toBe(true);
    expect(screen.getByText("Only the school's admin changes these.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save school details' })).toBeNull();
  });
});
