/** The danmaku buttons of the player's control bar: the switch (弹幕开关), the settings and the list. */
import { IconDanmaku, IconList, IconSliders } from './danmaku-icons.tsx';
import { danmakuMessages as m } from './danmaku-messages.ts';
import { updateDanmakuSettings, useDanmakuSettings } from './danmaku-settings.ts';
import './danmaku-send-bar.css';

export type DanmakuPanelName = 'settings' | 'list';

interface DanmakuButtonsProps {
  panel: DanmakuPanelName | null;
  onPanel: (panel: DanmakuPanelName | null) => void;
}

export function DanmakuButtons({ panel, onPanel }: DanmakuButtonsProps) {
  const { enabled } = useDanmakuSettings();
  const toggle = (name: DanmakuPanelName) => onPanel(panel === name ? null : name);
  return (
    <>
      <button
        type="button"
        className={`video-controls__button danmaku-switch${enabled ? ' is-on' : ''}`}
        aria-pressed={enabled}
        aria-label={m.switchLabel}
        title={enabled ? m.switchOn : m.switchOff}
        onClick={() => updateDanmakuSettings({ enabled: !enabled })}
        data-testid="danmaku-switch"
      >
        <IconDanmaku off={!enabled} />
      </button>
      <button
        type="button"
        className="video-controls__button"
        aria-label={m.settings}
        aria-expanded={panel === 'settings'}
        onClick={() => toggle('settings')}
        data-testid="danmaku-settings-button"
      >
        <IconSliders />
      </button>
      <button
        type="button"
        className="video-controls__button"
        aria-label={m.list}
        aria-expanded={panel === 'list'}
        onClick={() => toggle('list')}
        data-testid="danmaku-list-button"
      >
        <IconList />
      </button>
    </>
  );
}
