import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, parseCsvRecords, toCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads plain fields, CRLF and LF records, and drops blank lines', () => {
    expect(parseCsv('a,b,c\r\n1,2,3\n\n4,,6\n')).toEqual([['a', 'b', 'c'], ['1', '2', '3'], ['4', '', '6']]);
  });

  it('reads quoted fields with commas, line breaks and doubled quotes', () => {
    expect(parseCsv('name,note\n"Chen, Lily","said ""hi""\nthen left"\n')).toEqual([['name', 'note'], ['Chen, Lily', 'said "hi"\nthen left']]);
  });

  it('drops a byte order mark and keeps a last record without newline', () => {
    expect(parseCsv('\uFEFFa,b\n1,2')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('tells each record’s first line, past blank lines and fields that span lines', () => {
    const records = parseCsvRecords('h1,h2\r\n\r\na,"two\r\nlines"\nb,c\n');
    expect(records).toEqual([{ line: 1, cells: ['h1', 'h2'] }, { line: 3, cells: ['a', 'two\r\nlines'] }, { line: 5, cells: ['b', 'c'] }]);
  });

  it('keeps empty trailing fields', () => {
    expect(parseCsv('a,b,\n')).toEqual([['a', 'b', '']]);
  });
});

describe('csvCell', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('Chen, Lily')).toBe('"Chen, Lily"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('defuses formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('plain')).toBe('plain');
  });

  it('writes rows with CRLF', () => {
    expect(toCsv([['a', 1], [null, true]])).toBe('a,1\r\n,true\r\n');
  });
});
