/** A small 复制 button beside a value: puts `value` on the clipboard and says 已复制 for a moment. */
import { useEffect, useState } from 'react';
import { adminMessages } from '../admin-messages.ts';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <button
      className="button button--small"
      type="button"
      aria-label={adminMessages.copy.label(label)}
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      {state === 'copied'
        ? adminMessages.copy.done
        : state === 'failed'
          ? adminMessages.copy.failed
          : adminMessages.copy.idle}
    </button>
  );
}
