/**
 * A reply's text: paragraphs with the rich-text rules of /release (contract/rich-text.ts: bold and
 * http(s) links, never HTML) and its @mentions (users resolved by the server at write time) as links
 * to their pages. Only "@nickname" of a mentioned user becomes a link; any other @ stays text.
 */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import { parseInline } from '../../../contract/rich-text.ts';
import type { UserBrief } from '../../../contract/calls/content.ts';
import { paths } from '../../lib/route-paths.ts';
import { toParagraphs } from '../posts/post-view.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function withMentions(text: string, mentions: readonly UserBrief[], key: string): ReactNode {
  if (mentions.length === 0 || !text.includes('@')) return text;
  // Longest names first, so "@ab" does not take the start of "@abc".
  const names = [...mentions].sort((a, b) => b.nickname.length - a.nickname.length);
  const pattern = new RegExp(`@(${names.map((user) => escape(user.nickname)).join('|')})`, 'g');
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const user = names.find((candidate) => candidate.nickname === match[1]);
    if (!user) continue;
    out.push(text.slice(last, match.index));
    out.push(
      <Link key={`${key}-${match.index}`} href={paths.user(user.id)} className="reply-mention">
        @{user.nickname}
      </Link>,
    );
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}

export function ReplyText({ body, mentions }: { body: string; mentions: readonly UserBrief[] }) {
  return toParagraphs(body).map((paragraph, p) => (
    <p key={p}>
      {parseInline(paragraph).map((token, i) =>
        token.kind === 'link' ? (
          <a key={i} href={token.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {token.text}
          </a>
        ) : token.kind === 'bold' ? (
          <strong key={i}>{withMentions(token.text, mentions, `${p}-${i}`)}</strong>
        ) : (
          <Fragment key={i}>{withMentions(token.text, mentions, `${p}-${i}`)}</Fragment>
        ),
      )}
    </p>
  ));
}
