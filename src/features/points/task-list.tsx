/**
 * Today's point tasks on /mine/mall: each with its progress bar and points, and 领取 when
 * claimable, 已领取 once claimed (a code 9 answer means it already was: shown as claimed), or
 * 去完成 leading where the task is done. The check-in task is left out: the check-in card shows it. Reloaded each time the mall is shown (progress moves while
 * the member watches and reads), keeping the old list on screen meanwhile.
 */
import './points.css';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { PointTask, PointTaskKey } from '../../../contract/calls/member.ts';
import { getPointTasks } from './point-calls.ts';
import { paths } from '../../lib/route-paths.ts';
import { pointsMessages } from './points-messages.ts';
import { showToast } from '../../stores/toast.ts';
import { claimPoints } from './claim-points.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { IconFilm, IconForum } from '../../components/icons.tsx';
import { IconCalendar, IconCheck } from '../../components/member-icons.tsx';
import { IconEdit } from '../../components/post-icons.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { Skeleton } from '../../components/skeleton.tsx';

const t = pointsMessages.mall;
/** Where each task is done, and its icon. */
const TASK_KINDS: Record<PointTaskKey, { href: string | null; Icon: typeof IconCalendar }> = {
  checkin: { href: null, Icon: IconCalendar },
  watch: { href: paths.movieList(), Icon: IconFilm },
  read: { href: paths.forumList(), Icon: IconForum },
  publish: { href: paths.release(), Icon: IconEdit },
};

function TaskRow({ task, onClaimed }: { task: PointTask; onClaimed: (taskId: number) => void }) {
  const [busy, setBusy] = useState(false);
  const { href: todo, Icon } = TASK_KINDS[task.key];

  const claim = async () => {
    setBusy(true);
    try {
      const gained = await claimPoints(task.id);
      showToast(gained > 0 ? t.gained(gained) : t.alreadyClaimed, { kind: 'success' });
      onClaimed(task.id);
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), { kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="task" data-testid={`task-${task.key}`}>
      <span className={task.claimed ? 'task__icon is-done' : 'task__icon'} aria-hidden="true">
        {task.claimed ? <IconCheck /> : <Icon />}
      </span>
      <div className="task__body">
        <p className="task__name">
          {task.name}
          <span className="task__points">{t.taskPoints(task.points)}</span>
        </p>
        <p className="task__description">{task.description}</p>
        <ProgressBar value={task.progress} max={task.target} label={task.name} />
        <span className="task__count">
          {Math.min(task.progress, task.target)}/{task.target}
        </span>
      </div>
      {task.claimed ? (
        <span className="task__action is-done" data-testid="task-claimed">
          {t.claimed}
        </span>
      ) : task.claimable ? (
        <button
          type="button"
          className="button button--primary task__action"
          onClick={claim}
          disabled={busy}
          data-testid="task-claim"
        >
          {busy ? t.claiming : t.claim}
        </button>
      ) : todo ? (
        <Link href={todo} className="button button--ghost task__action">
          {t.todo}
        </Link>
      ) : null}
    </li>
  );
}

export function TaskList() {
  const [tasks, setTasks] = useState<PointTask[] | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    getPointTasks({ toast: false }).then(
      (answer) => !cancelled && (setTasks(answer), setError(null)),
      (failure: unknown) => !cancelled && setError(failure instanceof Error ? failure : new Error(String(failure))),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const markClaimed = (taskId: number) =>
    setTasks(
      (list) => list?.map((task) => (task.id === taskId ? { ...task, claimed: true, claimable: false } : task)) ?? null,
    );

  if (!tasks && error) return <ErrorState error={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!tasks) {
    return (
      <ul className="card tasks" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="task">
            <Skeleton className="task__icon" />
            <div className="task__body">
              <Skeleton className="skeleton--line" style={{ width: '50%' }} />
              <Skeleton className="skeleton--line skeleton--short" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="card tasks">
      {/* The check-in has its own card above (checkin-card.tsx): one check-in, shown once. */}
      {tasks
        .filter((task) => task.key !== 'checkin')
        .map((task) => (
          <TaskRow key={task.id} task={task} onClaimed={markClaimed} />
        ))}
    </ul>
  );
}
