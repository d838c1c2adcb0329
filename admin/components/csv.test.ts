import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a byte-order mark, CRLF lines and every cell quoted, quotes doubled', () => {
    expect(toCsv(['名称', '数量'], [['say "hi", ok', 3]])).toBe('\uFEFF"名称","数量"\r\n"say ""hi"", ok","3"\r\n');
  });

  it('keeps a cell a spreadsheet would run as a formula as text', () => {
    const row = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tTAB', '\rCR', '普通'];
    const [, line] = toCsv(['a'], [row]).replace('\uFEFF', '').split('\r\n');
    expect(line).toBe(`"'=HYPERLINK(""http://x"")","'+1","'-2","'@SUM(A1)","'\tTAB","'\rCR","普通"`);
    // A number is a number, the sign included.
    expect(toCsv(['n'], [[-150]]).split('\r\n')[1]).toBe('"-150"');
  });
});
