import { describe, expect, it } from 'vitest';
import { parseInline, plainText, safeHref } from './rich-text.ts';

describe('rich text', () => {
  it('keeps text without markup as one text token', () => {
    expect(parseInline('普通 <b>文字</b> & "引号"')).toEqual([{ kind: 'text', text: '普通 <b>文字</b> & "引号"' }]);
  });

  it('makes **text** bold, not across empty or space-edged markers', () => {
    expect(parseInline('前 **重点** 后')).toEqual([
      { kind: 'text', text: '前 ' },
      { kind: 'bold', text: '重点' },
      { kind: 'text', text: ' 后' },
    ]);
    expect(parseInline('a **** b ** c **')).toEqual([{ kind: 'text', text: 'a **** b ** c **' }]);
  });

  it('links http(s) URLs only, without the punctuation that ends a sentence', () => {
    expect(parseInline('看 https://example.com/a?b=1。然后')).toEqual([
      { kind: 'text', text: '看 ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '。然后' },
    ]);
    expect(parseInline('**见 http://a.test/x**, ok')).toEqual([
      { kind: 'bold', text: '见 ' },
      { kind: 'link', text: 'http://a.test/x', href: 'http://a.test/x' },
      { kind: 'text', text: ', ok' },
    ]);
    for (const text of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      '<a href="javascript:x">y</a>',
    ]) {
      expect(
        parseInline(text).every((token) => token.kind === 'text'),
        text,
      ).toBe(true);
    }
  });

  it('accepts only well-formed http(s) hrefs', () => {
    expect(safeHref('https://例子.测试/路径')).toBe('https://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('http://')).toBeNull();
  });

  it('gives the plain text of a body for summaries', () => {
    expect(plainText('第一段，**重点**。\n\n  第二段 ')).toBe('第一段，重点。 第二段');
  });
});
