/** One record of a file and the line of the file it starts on (1 for the first). */
export type CsvRecord = { line: number; cells: string[] };

/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a field in double quotes may
 * hold commas, line breaks and doubled quotes. A byte order mark at the start is dropped; blank
 * lines are no records. Each record keeps its line, so that messages point at the right place
 * even after a field that spans lines.
 */
export function parseCsvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => { row.push(field); field = ''; };
  const endRow = () => { endField(); records.push({ line: start, cells: row }); row = []; start = line; };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r') { if (text[i + 1] === '\n') { i++; line++; } endRow(); }
    else field += c;
  }
  if (field !== '' || row.length > 0) endRow();
  return records.filter((r) => r.cells.length > 1 || r.cells[0]!.trim() !== '');
}

export function parseCsv(text: string): string[][] {
  return parseCsvRecords(text).map((r) => r.cells);
}

/**
 * One cell of an exported file. Spreadsheet programs run a cell starting with = + - @ (or a tab
 * or carriage return) as a formula: such cells get a leading quote so they stay text.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: (string | number | boolean | null | undefined)[][]): string {
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
