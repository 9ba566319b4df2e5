import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InstrumentInput } from '../../../shared/contracts/members';
import { renderWithApp } from '../../test/render';
import { InstrumentsEditor } from './InstrumentsEditor';
import { GENRES, selectInput } from './testServer';
import { patient } from '../../../tests/patience';

vi.setConfig({ testTimeout: patient(20_000) });

function Harness({ initial, onChange }: { initial: InstrumentInput[]; onChange: (v: InstrumentInput[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <InstrumentsEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      genres={GENRES}
    />
  );
}

describe('InstrumentsEditor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the instruments not on the list yet, and removes one', async () => {
    const onChange = vi.fn();
    renderWithApp(<Harness initial={[{ genreId: GENRES[0]!._id, level: 'beginner' }]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Instrument/Genre' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Instrument/Genre' });
    fireEvent.click(selectInput(within(modal), 'Instrument/Genre'));
    expect(await screen.findByRole('option', { name: 'Guitar' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Piano' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Guitar' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Add' }));
    // The level is still missing: the modal stays, with its message.
    expect(await within(modal).findByText('Level is Required')).toBeTruthy();
    expect(within(modal).queryByText('Instrument/Genre is Required')).toBeNull();
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Piano' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByText('No instrument/genre added yet.')).toBeTruthy();
  });
});
