/** A text with every occurrence of a search answer's terms in <mark> (highlight.ts); plain without terms. */
import './search-marks.css';
import { highlightPieces } from './highlight.ts';

export function HighlightedText({ text, terms }: { text: string; terms?: readonly string[] }) {
  if (!terms || terms.length === 0) return text;
  return highlightPieces(text, terms).map((piece, index) =>
    piece.marked ? (
      <mark key={index} className="search-mark">
        {piece.text}
      </mark>
    ) : (
      piece.text
    ),
  );
}
