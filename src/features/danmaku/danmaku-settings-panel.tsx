/** The danmaku settings inside the player: density (少/中/多), opacity and the blocked words. */
import { useState, type FormEvent } from 'react';
import { danmakuMessages as m } from './danmaku-messages.ts';
import {
  addBlockedWord,
  BLOCKED_WORD_MAX,
  DANMAKU_DENSITIES,
  OPACITY_MIN,
  removeBlockedWord,
  updateDanmakuSettings,
  useDanmakuSettings,
} from './danmaku-settings.ts';

export function DanmakuSettingsPanel() {
  const { density, opacity, blocked } = useDanmakuSettings();
  const [word, setWord] = useState('');
  const percent = Math.round(opacity * 100);
  const add = (event: FormEvent) => {
    event.preventDefault();
    addBlockedWord(word);
    setWord('');
  };
  return (
    <div className="danmaku-settings" data-testid="danmaku-settings">
      <div className="danmaku-settings__row">
        <span className="danmaku-settings__label">{m.density}</span>
        <div className="danmaku-settings__choices" role="radiogroup" aria-label={m.density}>
          {DANMAKU_DENSITIES.map((option) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={density === option}
              className="danmaku-chip"
              onClick={() => updateDanmakuSettings({ density: option })}
            >
              {m.densities[option]}
            </button>
          ))}
        </div>
      </div>
      <label className="danmaku-settings__row">
        <span className="danmaku-settings__label">{m.opacity}</span>
        <input
          className="danmaku-settings__range"
          type="range"
          min={OPACITY_MIN * 100}
          max={100}
          step={5}
          value={percent}
          onChange={(event) => updateDanmakuSettings({ opacity: Number(event.target.value) / 100 })}
          data-testid="danmaku-opacity"
        />
        <span className="danmaku-settings__value">{m.opacityValue(percent)}</span>
      </label>
      <form className="danmaku-settings__block" onSubmit={add}>
        <span className="danmaku-settings__label">{m.blocked}</span>
        <input
          className="danmaku-settings__word"
          value={word}
          maxLength={BLOCKED_WORD_MAX}
          placeholder={m.blockedPlaceholder}
          aria-label={m.blockedPlaceholder}
          onChange={(event) => setWord(event.target.value)}
          data-testid="danmaku-block-input"
        />
        <button type="submit" className="danmaku-chip" disabled={!word.trim()}>
          {m.blockedAdd}
        </button>
      </form>
      {blocked.length ? (
        <ul className="danmaku-settings__words" data-testid="danmaku-blocked">
          {blocked.map((kept) => (
            <li key={kept} className="danmaku-word">
              <span>{kept}</span>
              <button type="button" aria-label={m.blockedRemove(kept)} onClick={() => removeBlockedWord(kept)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="danmaku-settings__none">{m.blockedNone}</p>
      )}
    </div>
  );
}
