import { EXERCISE_KINDS, itemLabelOf, type ExerciseItem } from '../../../shared/ear-trainer-theory.js';
import type { ExerciseSet } from '../../../shared/contracts/ear-trainer.js';
import type { Level } from '../../../shared/constants.js';

export type SetRow = { id: string; name: string; level: string; items: ExerciseItem[]; createdAt: Date; updatedAt: Date };

export function presentSet(row: SetRow): ExerciseSet {
  return {
    _id: row.id,
    name: row.name,
    level: row.level as Level,
    items: row.items.map((item) => ({ ...item, label: itemLabelOf(item) })),
    kinds: EXERCISE_KINDS.filter((kind) => row.items.some((i) => i.kind === kind)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
