import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt } from './mention-suggest.ts';
import { tenPointScore } from './movie-score.tsx';
import { mentionIds } from './reply-drafts.ts';

describe('the @ autocomplete', () => {
  it('finds the nickname being typed right before the caret', () => {
    expect(mentionAt('同问，@游客12', 8)).toEqual({ keyword: '游客12', start: 3 });
    expect(mentionAt('@ab', 3)).toEqual({ keyword: 'ab', start: 0 });
    expect(mentionAt('hi @ab cd', 6)).toEqual({ keyword: 'ab', start: 3 });
  });

  it('ignores an @ that is not being typed: after a space, inside an address, or a bare @', () => {
    expect(mentionAt('@ab cd', 6)).toBeNull();
    expect(mentionAt('mail a@b.com', 12)).toBeNull();
    expect(mentionAt('看这里@', 4)).toBeNull();
  });

  it('replaces "@letters" by "@昵称 " and puts the caret after it', () => {
    expect(insertMention('同问，@游客12', 3, 8, '游客123456')).toEqual({ text: '同问，@游客123456 ', caret: 13 });
    expect(insertMention('a @x b', 2, 4, 'xy')).toEqual({ text: 'a @xy b', caret: 6 });
  });

  it('sends as mentions only the picked users still written in the text, once each', () => {
    const mentions = [
      { id: 3, nickname: '小明' },
      { id: 4, nickname: '小红' },
    ];
    expect(mentionIds({ body: '@小明 你好 @小明', mentions })).toEqual([3]);
    expect(mentionIds({ body: '没有提及', mentions })).toEqual([]);
  });
});

describe('the score on a 10-point scale', () => {
  it('doubles the 0-5 average with one decimal', () => {
    expect(tenPointScore(4.3)).toBe('8.6');
    expect(tenPointScore(5)).toBe('10.0');
    expect(tenPointScore(3.25)).toBe('6.5');
    expect(tenPointScore(0)).toBe('0.0');
  });
});
