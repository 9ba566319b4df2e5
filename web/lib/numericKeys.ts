import type { KeyboardEvent } from 'react';

const NAVIGATION_KEYS = new Set([
  'Backspace', 'Delete', 'Tab', 'Escape', 'Enter',
  'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End',
]);

/**
 * The numeric-key filter of docs/domains/conventions.md "Limits": digits, navigation keys and Enter only.
 * Shortcuts with Ctrl/Cmd (copy, paste, select all) stay usable; validation still checks pastes.
 */
export function allowNumericKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.ctrlKey || event.metaKey) return;
  if (/^\d$/.test(event.key) || NAVIGATION_KEYS.has(event.key)) return;
  event.preventDefault();
}
