import { describe, expect, it } from 'vitest';
import { figureText } from './FigureCards';

describe('figureText', () => {
  it('shows money in the figure’s currency, rates in percent, counts with separators, and nothing to rate as a dash', () => {
    expect(figureText({ key: 'r', label: 'Revenue', value: 123_450, format: 'money', currency: 'USD' })).toBe('$1,234.50');
    expect(figureText({ key: 'r', label: 'Revenue', value: 500, format: 'money', currency: 'EUR' })).toBe('€5.00');
    expect(figureText({ key: 'a', label: 'Rate', value: 91, format: 'percent' })).toBe('91%');
    expect(figureText({ key: 'a', label: 'Rate', value: null, format: 'percent' })).toBe('—');
    expect(figureText({ key: 'n', label: 'Lessons', value: 12_000 })).toBe((12_000).toLocaleString());
  });
});
