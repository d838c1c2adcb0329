/** /mine/setting's group for 跳过片头片尾 (开 / 关): the same switch as the player's menu (skip-marks-setting.ts). */
import { useSnapshot } from 'valtio/react';
import { seriesMessages as t } from './series-messages.ts';
import { setSkipMarks, skipMarksState } from './skip-marks-setting.ts';

export function SkipMarksGroup() {
  const { on } = useSnapshot(skipMarksState);
  return (
    <section className="card settings-group" data-testid="skip-marks-setting">
      <h2 className="settings-group__title" id="skip-marks-label">
        {t.skipMarks}
      </h2>
      <p className="setting-row__hint">{t.skipMarksHint}</p>
      <div className="segmented" role="radiogroup" aria-labelledby="skip-marks-label">
        {[true, false].map((value) => (
          <button
            key={String(value)}
            type="button"
            role="radio"
            aria-checked={on === value}
            className={on === value ? 'segmented__option is-active' : 'segmented__option'}
            onClick={() => setSkipMarks(value)}
          >
            {value ? t.on : t.off}
          </button>
        ))}
      </div>
    </section>
  );
}
