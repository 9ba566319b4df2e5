import { describe, expect, it } from 'vitest';
import { removalKind } from './schools.js';

describe('removalKind', () => {
  it.each([
    [0, [], 'hard'],
    [1, [], 'soft'],
    [0, ['class_groups'], 'soft'],
    [3, ['student_genres', 'class_groups'], 'soft'],
  ] as const)('%i other users and history in %j -> %s', (otherUsers, historyTables, kind) => {
    expect(removalKind({ otherUsers, historyTables: [...historyTables] })).toBe(kind);
  });
});
