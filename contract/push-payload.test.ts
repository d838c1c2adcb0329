import { describe, expect, it } from 'vitest';
import { readPushPayload } from './push-payload.ts';

const good = { title: '小明 回复了你', body: '说得对', link: '/topic/12?floor=5', type: 'reply', noticeId: 7 };

describe('readPushPayload', () => {
  it('reads the payload the push job sends, with or without the unread total', () => {
    expect(readPushPayload(JSON.stringify(good))).toEqual(good);
    expect(readPushPayload(JSON.stringify({ ...good, unread: 3 }))).toEqual({ ...good, unread: 3 });
  });

  it('is null for what is not a notice: bad JSON, missing or wrong fields, an unknown type', () => {
    expect(readPushPayload('not json')).toBeNull();
    expect(readPushPayload('null')).toBeNull();
    expect(readPushPayload(JSON.stringify({ ...good, title: 1 }))).toBeNull();
    expect(readPushPayload(JSON.stringify({ ...good, noticeId: '7' }))).toBeNull();
    expect(readPushPayload(JSON.stringify({ ...good, type: 'spam' }))).toBeNull();
  });

  it('never links out of the app: another site becomes the inbox', () => {
    for (const link of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
    ])
      expect(readPushPayload(JSON.stringify({ ...good, link }))?.link).toBe('/mine/message');
  });
});
