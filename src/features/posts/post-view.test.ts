import { describe, expect, it } from 'vitest';
import type { PostDetail } from '../../../contract/calls/content.ts';
import { cardMedia, postCardOf, postHref, toggledLike, toParagraphs } from './post-view.ts';

const detail: PostDetail = {
  id: 7,
  kind: 'topic',
  title: '标题',
  summary: '摘要',
  cover: null,
  images: ['a.webp', 'b.webp', 'c.webp', 'd.webp'],
  author: { id: 3, nickname: '影迷', avatar: 'avatars/a003.webp' },
  views: 10,
  likes: 2,
  replyCount: 1,
  priceCoins: 0,
  pinned: false,
  createdAt: 1_700_000_000_000,
  category: { categoryId: 30, name: '影视交流', topicId: 101 },
  body: '第一段\n\n第二段',
  allImages: ['a.webp', 'b.webp', 'c.webp', 'd.webp', 'e.webp'],
  tags: [{ id: 1, key: '热议', name: '热议' }],
  liked: true,
  favorited: false,
  unlocked: true,
};

describe('postHref', () => {
  it('opens each kind in its own section', () => {
    expect(postHref({ kind: 'topic', id: 1 })).toBe('/topic/1');
    expect(postHref({ kind: 'chigua', id: 5093 })).toBe('/chigua/5093');
    expect(postHref({ kind: 'article', id: 8001 })).toBe('/archives/8001');
  });
});

describe('postCardOf', () => {
  it('keeps only the card fields, with at most three images', () => {
    const card = postCardOf(detail);
    expect(card).not.toHaveProperty('body');
    expect(card).not.toHaveProperty('allImages');
    expect(card).not.toHaveProperty('liked');
    expect(card.images).toEqual(['a.webp', 'b.webp', 'c.webp']);
    expect(card).toMatchObject({ id: 7, kind: 'topic', title: '标题', category: { topicId: 101 } });
  });
});

describe('toParagraphs', () => {
  it('splits at blank lines and trims', () => {
    expect(toParagraphs('  第一段\n\n第二段  \n\n\n第三段')).toEqual(['第一段', '第二段', '第三段']);
  });

  it('keeps single line breaks inside a paragraph', () => {
    expect(toParagraphs('一行\n两行\n\n下一段')).toEqual(['一行\n两行', '下一段']);
  });

  it('treats whitespace-only lines (also the ideographic space) as blank, and accepts CRLF', () => {
    expect(toParagraphs('甲\r\n \r\n乙\n\u3000\n丙')).toEqual(['甲', '乙', '丙']);
  });

  it('answers no paragraphs for an empty body', () => {
    expect(toParagraphs('')).toEqual([]);
    expect(toParagraphs('\n\n  \n')).toEqual([]);
  });

  it('leaves markup as text', () => {
    expect(toParagraphs('<b>粗</b>')).toEqual(['<b>粗</b>']);
  });
});

describe('cardMedia', () => {
  it('prefers the thumbnails, up to three', () => {
    expect(cardMedia({ images: ['a', 'b', 'c', 'd'], cover: 'x' })).toEqual({ kind: 'thumbs', keys: ['a', 'b', 'c'] });
  });

  it('falls back to the cover, then to nothing', () => {
    expect(cardMedia({ images: [], cover: 'x' })).toEqual({ kind: 'cover', key: 'x' });
    expect(cardMedia({ images: [], cover: null })).toBeNull();
  });
});

describe('toggledLike', () => {
  it('likes with one more, unlikes with one fewer', () => {
    expect(toggledLike({ liked: false, likes: 4 })).toEqual({ liked: true, likes: 5 });
    expect(toggledLike({ liked: true, likes: 5 })).toEqual({ liked: false, likes: 4 });
  });

  it('never counts below zero', () => {
    expect(toggledLike({ liked: true, likes: 0 })).toEqual({ liked: false, likes: 0 });
  });
});
