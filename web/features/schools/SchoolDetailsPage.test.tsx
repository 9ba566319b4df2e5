import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchoolDetails } from '../../../shared/contracts/schools';
import { fakeFetch } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import SchoolDetailsPage from './SchoolDetailsPage';

const ID = '00000000-0000-4000-8000-000000000001';
const details: SchoolDetails = {
  _id: ID, userId: 'u1', school_name: 'Harmony', first_name: 'Ada', last_name: 'Owner', username: 'harmony',
  email: 'h@example.com', working_phone: '+12125550142', city: 'New York', state: 'NY', status: false, role: 'admin',
  addrole: 'School', createdAt: '2026-01-01T00:00:00.000Z', planLapsed: false, address1: '1 Main St', postal_code: '10001',
  country: 'United States', teacherCount: 3, studentCount: 9, activeStudentCount: 7,
};

function serve(status: number, data: unknown) {
  return fakeFetch(() => ({ status, message: 'Not found', data }));
}

function renderAt(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/superadmin/view-school-details/:id" element={<SchoolDetailsPage />} />
      <Route path="/superadmin/view-teacher-details/:id" element={<SchoolDetailsPage />} />
    </Routes>,
    { path },
  );
}

describe('SchoolDetailsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the owner, the school, its counts and status, with a way back', async () => {
    const fetch = serve(200, details);
    renderAt(`/superadmin/view-school-details/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Harmony' })).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/school/privateteacher/viewProfileBySchoolId/${ID}`);
    expect(screen.getByText('Inactive')).toBeTruthy();
    expect(screen.getByText('Teachers')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('9')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Schools/ }).getAttribute('href')).toBe('/member/list-school');
  });

  it('hides the teacher count of a private teacher', async () => {
    serve(200, { ...details, addrole: 'Private teacher', teacherCount: 1 });
    renderAt(`/superadmin/view-teacher-details/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Harmony' })).toBeTruthy();
    expect(screen.queryByText('Teachers')).toBeNull();
    expect(screen.getByRole('link', { name: /Back to Private Teachers/ }).getAttribute('href')).toBe(
      '/member/private-teacher',
    );
  });

  it('says "School not found" for a 404', async () => {
    serve(404, null);
    renderAt(`/superadmin/view-school-details/${ID}`);
    expect(await screen.findByText('School not found')).toBeTruthy();
  });
});
