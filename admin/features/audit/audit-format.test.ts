import { describe, expect, it } from 'vitest';
import { actionLabel, changeLines, changeText, targetLabel } from './audit-format.ts';

describe('the audit log in words', () => {
  it('names actions by kind and verb, and leaves an unknown code as it is', () => {
    expect(actionLabel('movie.unpublish')).toBe('影片 · 下架');
    expect(actionLabel('moderation.hide')).toBe('审核 · 隐藏');
    expect(actionLabel('session.signInFailed')).toBe('登录 · 登录失败');
    expect(actionLabel('movie.teleport')).toBe('movie.teleport');
    expect(actionLabel('nodot')).toBe('nodot');
  });

  it('names targets by kind, name and number', () => {
    expect(targetLabel({ targetType: 'movie', targetId: '1000000', targetName: '星际穿越' })).toBe(
      '影片《星际穿越》 #1000000',
    );
    expect(targetLabel({ targetType: 'user', targetId: '10000002', targetName: '小明' })).toBe('用户 小明 #10000002');
    expect(targetLabel({ targetType: 'movie', targetId: '5', targetName: null })).toBe('影片 #5');
    expect(targetLabel({ targetType: 'word', targetId: '赌博', targetName: null })).toBe('敏感词 赌博');
    expect(targetLabel({ targetType: null, targetId: null, targetName: null })).toBeNull();
  });

  it('shows only the fields that changed, in the console’s units and zone', () => {
    const before = { priceFen: 800, status: 'draft', publishedAt: Date.parse('2026-12-01T14:08:00Z'), free: false };
    const after = { priceFen: 888, status: 'published', publishedAt: Date.parse('2026-12-01T14:08:00Z'), free: true };
    expect(changeLines(before, after)).toEqual([
      { field: '价格', before: '¥8.00', after: '¥8.88' },
      { field: '状态', before: '草稿', after: '已发布' },
      { field: '免费', before: '否', after: '是' },
    ]);
    expect(changeText({ state: 'pending' }, { state: 'hidden', reason: '广告' })).toBe(
      '状态：待处理 → 已隐藏；原因：— → 广告',
    );
    expect(changeText(null, { until: Date.parse('2026-12-01T14:08:00Z'), trialS: 60 })).toBe(
      '截止时间：— → 2026-12-01 22:08；试看时长：— → 60 秒',
    );
    // Nothing on both sides is no change (a field absent before and empty after).
    expect(changeLines({ name: 'a' }, { name: 'a', siteIds: null })).toEqual([]);
    expect(changeLines([3, 1, 2], [1, 2, 3])).toEqual([{ field: '顺序', before: '3、1、2', after: '1、2、3' }]);
    expect(changeLines(null, null)).toEqual([]);
  });
});
