/**
 * One paragraph of user text with its simple formatting (contract/rich-text.ts): bold and http(s)
 * links, everything else as React text nodes, so no markup, script or event handler in user text
 * ever reaches the DOM as anything but characters. Links open in a new tab without referrer or
 * opener, marked as user content.
 */
import { parseInline } from '../../../contract/rich-text.ts';

export function RichInline({ text }: { text: string }) {
  return parseInline(text).map((token, i) =>
    token.kind === 'bold' ? (
      <strong key={i}>{token.text}</strong>
    ) : token.kind === 'link' ? (
      <a key={i} href={token.href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {token.text}
      </a>
    ) : (
      token.text
    ),
  );
}
