import { describe, expect, it } from 'vitest';
import { nameProblem, normaliseName } from './names.ts';

describe('normaliseName (NFKC, spaces trimmed and single)', () => {
  it.each([
    ['ａｄｍｉｎ', 'admin'],
    ['ＢＯＢ的影院', 'BOB的影院'],
    ['  张\u3000\u3000三  ', '张 三'],
    ['ﬁlm', 'film'],
    ['e\u0301', 'é'],
    ['小明', '小明'],
  ])('%j → %j', (raw, normal) => {
    expect(normaliseName(raw)).toBe(normal);
  });
});

describe('nameProblem', () => {
  it.each([
    '小明',
    '追剧达人😀',
    '小红❤️',
    '一家人👨‍👩‍👧',
    '点赞👍🏽',
    '号码1️⃣',
    'Nguyễn Văn',
    'กี่คน',
    'क्षत्रिय',
    'BOB 的影院',
    '。。',
  ])('accepts %j', (name) => {
    expect(nameProblem(normaliseName(name))).toBeNull();
  });

  it.each([
    ['小\u3164红', 'invisible'],
    ['小\u2060红', 'invisible'],
    ['小\u00ad红', 'invisible'],
    ['小\u2800红', 'invisible'],
    ['小\u034f红', 'invisible'],
    ['小\u115f红', 'invisible'],
    ['小\u1160红', 'invisible'],
    ['小\u200b红', 'invisible'],
    ['小\u200d红', 'invisible'],
    ['小\ufeff红', 'invisible'],
    ['小\ufe0f红', 'invisible'],
    ['小\u{e0100}红', 'invisible'],
    ['小\u{e0041}红', 'invisible'],
    ['小\u202e红', 'invisible'],
    ['小\u2066红', 'invisible'],
    ['小\u0007红', 'invisible'],
    ['小\ud800红', 'invisible'],
    ['小\ue000红', 'invisible'],
    ['小\u2028红', 'invisible'],
    ['😀\u200d红', 'invisible'],
    ['\u3164\u3164', 'blank'],
    ['\u2800 \u2800', 'blank'],
    ['\u115f\u1160', 'blank'],
    ['\u200b\u200b', 'blank'],
    ['\u0301\u0301', 'blank'],
    ['小明\u0301\u0301\u0301', 'marks'],
    ['a\u0300\u0301\u0302b', 'marks'],
    ['\u0301小明', 'marks'],
    ['小 \u0301明', 'marks'],
    ['😀\u0301', 'marks'],
  ])('refuses %j as %s', (name, problem) => {
    expect(nameProblem(normaliseName(name))).toBe(problem);
  });
});
