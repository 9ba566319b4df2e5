import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long form's `steps` parts to draw: the first at once, each next one in a
 * transition once the one before is on the screen. A transition's render yields, but its commit
 * (the new fields' DOM and their styles) is one task; a part at a time keeps each such task short
 * on a phone's CPU (decision 097).
 */
export function useStepsDrawn(steps: number): number {
  const [drawn, setDrawn] = useState(1);
  useEffect(() => {
    if (drawn < steps) startTransition(() => setDrawn((n) => n + 1));
  }, [drawn, steps]);
  return drawn;
}
