import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { MoveScopeModal } from './MoveScopeModal';

describe('moving a lesson of a series', () => {
  it('says from when to when, and "This lesson" is the primary choice', async () => {
    const onChoose = vi.fn();
    renderWithApp(
      <MoveScopeModal
        opened
        pending={false}
        fromTo={{ from: { start: '2026-11-23T16:00:00-05:00', end: '2026-11-23T16:30:00-05:00' }, to: { start: '2026-11-25T17:30:00-05:00', end: '2026-11-25T18:00:00-05:00' } }}
        onChoose={onChoose}
        onCancel={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move lesson' });
    const move = within(dialog).getByRole('group', { name: 'The move' });
    expect(move.textContent).toBe('From Mon, Nov 23, 2026, 4:00 PM – 4:30 PM' + 'To Wed, Nov 25, 2026, 5:30 PM – 6:00 PM');
    const buttons = within(dialog).getAllByRole('button').map((b) => b.textContent);
    // The primary (filled) choice comes last, where a dialog's confirm button sits.
    expect(buttons.slice(-2)).toEqual(['This and following', 'This lesson']);
    expect(within(dialog).getByRole('button', { name: 'This and following' }).getAttribute('data-variant')).toBe('default');
    expect(within(dialog).getByRole('button', { name: 'This lesson' }).getAttribute('data-variant')).not.toBe('default');
    fireEvent.click(within(dialog).getByRole('button', { name: 'This lesson' }));
    expect(onChoose).toHaveBeenCalledWith('this');
  });
});
