/**
 * A table as a CSV file Excel opens as it is (a byte order mark says UTF-8, lines end in
 * CRLF, RFC 4180 quoting). A cell that a spreadsheet would run as a formula (= + - @ first)
 * is written with an apostrophe before it, so it stays text.
 */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  const cell = (value: string | number) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
