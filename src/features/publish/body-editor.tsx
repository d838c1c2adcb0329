/**
 * The topic's text: a growing textarea with a bold button (wraps the selection in **, or inserts a
 * sample to type over) and a counter in characters (code points, as the server counts).
 */
import { useRef } from 'react';
import { BODY_MAX, textLength } from '../../../contract/calls/publish-limits.ts';
import { releaseMessages as t } from './publish-messages.ts';

export function BodyEditor({ value, onChange }: { value: string; onChange: (body: string) => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const length = textLength(value);

  const bold = () => {
    const element = area.current;
    if (!element) return;
    const { selectionStart: start, selectionEnd: end } = element;
    const inner = value.slice(start, end) || t.boldSample;
    onChange(`${value.slice(0, start)}**${inner}**${value.slice(end)}`);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(start + 2, start + 2 + inner.length);
    });
  };

  return (
    <div className={`body-editor${length > BODY_MAX ? ' has-error' : ''}`}>
      <div className="body-editor__bar">
        <button type="button" className="body-editor__tool" onClick={bold} aria-label={t.bold} title={t.bold}>
          B
        </button>
        <span className="field-counter">{t.counter(length, BODY_MAX)}</span>
      </div>
      <textarea
        ref={area}
        className="body-editor__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t.bodyPlaceholder}
        aria-label={t.body}
        rows={8}
        data-testid="release-body"
      />
    </div>
  );
}
