/** The player's menu for 跳过片头片尾 (开 / 关), shown for titles with marks; the same switch as /mine/setting. */
import { useSnapshot } from 'valtio/react';
import { PlayerMenu } from './player-menu.tsx';
import { seriesMessages as t } from './series-messages.ts';
import { setSkipMarks, skipMarksState } from './skip-marks-setting.ts';

export function SkipMarksMenu() {
  const { on } = useSnapshot(skipMarksState);
  return (
    <PlayerMenu
      name={t.skipMarks}
      label={t.skipMarksLabel(on)}
      choices={[
        { value: 'on', label: `${t.skipMarks} ${t.on}` },
        { value: 'off', label: `${t.skipMarks} ${t.off}` },
      ]}
      current={on ? 'on' : 'off'}
      onChoose={(value) => setSkipMarks(value === 'on')}
      testId="skip-marks"
    />
  );
}
