/**
 * A table as a CSV file an operator opens in Excel or WPS: UTF-8 with a byte-order mark (so Chinese
 * reads right), CRLF lines, every cell quoted, and a cell that a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return) written as text with a leading apostrophe, so a
 * nickname or a reply body cannot become a formula on an operator's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const cell = (value: string | number): string => {
  const text = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Hands the text to the browser as a download named `fileName`. */
export function saveFile(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
