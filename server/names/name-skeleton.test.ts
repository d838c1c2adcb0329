import { describe, expect, it } from 'vitest';
import { nameSkeleton, reservedWordIn } from './name-skeleton.ts';

describe('nameSkeleton (TR39, case ignored)', () => {
  it.each([
    ['admin', '\u0430dmin'], // Cyrillic а
    ['admin', 'ａｄｍｉｎ'],
    ['admin', 'ADMIN'],
    ['admin', 'adrnin'],
    ['Alice', 'A1ice'],
    ['Alice', 'a|ice'],
    ['paypal', 'раураl'], // Cyrillic р, а, у
    ['straße', 'STRASSE'],
    ['追剧小明', '追剧 小明'],
    ['追剧小明', '追剧\u200b小明'],
    ['cafe\u0301', 'café'],
  ])('%j and %j share a skeleton', (a, b) => {
    expect(nameSkeleton(b)).toBe(nameSkeleton(a));
  });

  it.each([
    ['admin', 'badmin'],
    ['小明', '小红'],
    ['Alice', 'Alicia'],
    ['café', 'cafe'],
  ])('%j and %j differ', (a, b) => {
    expect(nameSkeleton(b)).not.toBe(nameSkeleton(a));
  });
});

describe('reservedWordIn', () => {
  it.each([
    ['官方管理员', '官方'],
    ['小明客服', '客服'],
    ['官 方', '官方'],
    ['官.方', '官方'],
    ['⽅官方', '官方'],
    ['站长', '站长'],
    ['系统', '系统'],
    ['【系统通知】', '系统通知'],
    ['admin', 'admin'],
    ['ADMIN', 'admin'],
    ['ａｄｍｉｎ', 'admin'],
    ['\u0430dmin', 'admin'],
    ['ádmin', 'admin'],
    ['a.d.m.i.n', 'admin'],
    ['admin_01', 'admin'],
    ['Admin小明', 'admin'],
    ['official小号', 'official'],
    ['Root', 'root'],
    ['SUPPORT', 'support'],
    ['游客12345678', '游客'],
    ['游客 １２３', '游客'],
  ])('%j uses %j', (name, word) => {
    expect(reservedWordIn(name)).toBe(word);
  });

  it.each(['小明', '系统工程师小王', 'badminton', 'rooted', '游客小明', 'Nguyễn Văn', '追剧达人😀', 'mod_fan'])(
    '%j uses none',
    (name) => {
      expect(reservedWordIn(name)).toBeUndefined();
    },
  );
});
