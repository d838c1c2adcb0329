/**
 * 积分与签到 (超级管理员, 运营): the daily tasks and the check-in rules, one set for every site.
 * An operator limited to some sites sees them read-only (the server refuses their changes).
 */
import './points.css';
import { useCallback, useEffect, useState } from 'react';
import type { AdminPointsSettings } from '../../../contract/admin/points.ts';
import { adminMessages } from '../../admin-messages.ts';
import { CheckinRulesForm } from './checkin-rules-form.tsx';
import { fetchPointsSettings } from './points-calls.ts';
import { pointsMessages as text } from './points-messages.ts';
import { TaskTable } from './task-table.tsx';

export function PointsPage() {
  const [settings, setSettings] = useState<AdminPointsSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped when the task table changes the check-in's points: the rules form starts again from them.
  const [rulesVersion, setRulesVersion] = useState(0);

  const load = useCallback(async () => {
    setError(null);
    try {
      setSettings(await fetchPointsSettings());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : adminMessages.loadFailed);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="pts">
      <h1 className="page-title">{text.title}</h1>
      {error && (
        <p className="pts-error" role="alert">
          {error}{' '}
          <button type="button" className="button button--small" onClick={() => void load()}>
            {text.retry}
          </button>
        </p>
      )}
      {!settings && !error && <p className="pts-status">{text.loading}</p>}
      {settings && (
        <>
          {!settings.canEdit && <p className="pts-note">{text.readOnly}</p>}
          <section className="pts-section">
            <h2 className="pts-section__title">{text.tasks.title}</h2>
            <p className="pts-section__hint">{text.tasks.hint}</p>
            <TaskTable
              tasks={settings.tasks}
              canEdit={settings.canEdit}
              onSaved={(task) => {
                if (task.key === 'checkin') setRulesVersion((n) => n + 1);
                setSettings((s) => {
                  if (!s) return s;
                  const tasks = s.tasks
                    .map((t) => (t.id === task.id ? task : t))
                    .sort((a, b) => a.sort - b.sort || a.id - b.id);
                  const checkin = task.key === 'checkin' ? { ...s.checkin, basePoints: task.points } : s.checkin;
                  return { ...s, tasks, checkin };
                });
              }}
            />
          </section>
          <section className="pts-section">
            <h2 className="pts-section__title">{text.checkin.title}</h2>
            <p className="pts-section__hint">{text.checkin.hint}</p>
            <CheckinRulesForm
              key={rulesVersion}
              rules={settings.checkin}
              canEdit={settings.canEdit}
              onSaved={(checkin) =>
                setSettings(
                  (s) =>
                    s && {
                      ...s,
                      checkin,
                      tasks: s.tasks.map((t) => (t.key === 'checkin' ? { ...t, points: checkin.basePoints } : t)),
                    },
                )
              }
            />
          </section>
        </>
      )}
    </section>
  );
}
