import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuFor, type MenuContext } from '../../../shared/menus';
import { renderWithApp } from '../../test/render';
import { SidebarMenu } from './SidebarMenu';

const adminMenu = menuFor({
  role: 'admin',
  addrole: 'School',
  showStore: false,
  allowPayrollReport: false,
  actorRole: null,
} satisfies MenuContext);

const section = (label: string) => screen.getByRole('button', { name: label });
const expanded = (label: string) => section(label).getAttribute('aria-expanded');

describe('SidebarMenu', () => {
  it('keeps one section open at a time', () => {
    renderWithApp(<SidebarMenu entries={adminMenu} pathname="/dashboard" />);
    expect(expanded('Members')).toBe('false');
    expect(expanded('Learning')).toBe('false');

    fireEvent.click(section('Members'));
    expect(expanded('Members')).toBe('true');

    fireEvent.click(section('Learning'));
    expect(expanded('Learning')).toBe('true');
    expect(expanded('Members')).toBe('false');

    fireEvent.click(section('Learning'));
    expect(expanded('Learning')).toBe('false');
  });

  it('opens the section of the current page and marks its link', () => {
    renderWithApp(<SidebarMenu entries={adminMenu} pathname="/member/students" />);
    expect(expanded('Members')).toBe('true');
    expect(screen.getByRole('link', { name: 'Students' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the link a page beside it was reached from (the new invoice form, a payment)', () => {
    const { unmount } = renderWithApp(<SidebarMenu entries={adminMenu} pathname="/studentbilling/newInvoice" />);
    expect(expanded('Plans / Payments')).toBe('true');
    expect(screen.getByRole('link', { name: 'Invoicing' }).getAttribute('aria-current')).toBe('page');
    unmount();
    renderWithApp(<SidebarMenu entries={adminMenu} pathname="/reporting/payment-details/0b7f" />);
    expect(expanded('Reports & Info')).toBe('true');
    expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
  });
});
