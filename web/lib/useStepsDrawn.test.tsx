import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStepsDrawn } from './useStepsDrawn';

function Parts({ commits }: { commits: number[] }) {
  const drawn = useStepsDrawn(3);
  commits.push(drawn);
  return <p>{`drawn ${drawn}`}</p>;
}

describe('useStepsDrawn (decision 097)', () => {
  it('draws the first part at once and each next one in a render of its own, up to the last', async () => {
    const commits: number[] = [];
    render(<Parts commits={commits} />);
    expect(await screen.findByText('drawn 3')).toBeTruthy();
    expect([...new Set(commits)]).toEqual([1, 2, 3]);
    expect(commits.at(-1)).toBe(3);
  });
});
