/**
 * The dialog scheduler: on each page view (a new pathname), after the page had a moment to show,
 * it asks src/features/start-dialogs/dialog-rules.ts which dialogs are due and shows the first that applies (the check-in
 * reminder only when the server says today's check-in is claimable), records its time in the user
 * store's dialogTimes, and shows nothing else on that page view. Leaving the page closes it.
 */
import './dialogs.css';
import { useEffect, useState, type ComponentType } from 'react';
import { useSnapshot } from 'valtio/react';
import { useLocation } from 'wouter';
import type { PointTask } from '../../../contract/calls/member.ts';
import { getPointTasks } from '../points/point-calls.ts';
import { dueDialogs, type DialogContext } from './dialog-rules.ts';
import { isStandalone } from '../../lib/platform.ts';
import { arrivalGuideOpen } from '../arrival/arrival-state.ts';
import { isVipActive } from '../vip/vip-status.ts';
import { authState } from '../../stores/auth.ts';
import { markDialogShown, userState, type DialogName } from '../../stores/user.ts';
import { CheckinDialog } from '../points/checkin-dialog.tsx';
import { InstallDialog } from './install-dialog.tsx';
import { NoticeDialog } from './notice-dialog.tsx';
import { capturedInstallPrompt } from './install-prompt.ts';
import type { DialogProps } from './dialog-props.ts';
import { VipDialog } from '../vip/vip-dialog.tsx';

/** A page view must last this long before a dialog interrupts it. */
const SETTLE_MS = 1_200;

const DIALOGS: Record<DialogName, ComponentType<DialogProps>> = {
  dialog: NoticeDialog,
  dialog4: InstallDialog,
  dialog9: VipDialog,
  dialog16: CheckinDialog,
};

function contextOf(pathname: string): DialogContext {
  const info = userState.info;
  return {
    pathname,
    signedIn: authState.signedIn && info !== null,
    isVip: info !== null && isVipActive(info),
    standalone: isStandalone(),
    // iOS Safari has its own 添加到主屏幕 guide, once per device (features/arrival/).
    installable: capturedInstallPrompt() !== null,
  };
}

/** The check-in task when it can be claimed now; null otherwise (or when the server cannot say). */
async function claimableCheckin(): Promise<PointTask | null> {
  try {
    const tasks = await getPointTasks({ toast: false });
    return tasks.find((task) => task.key === 'checkin' && task.claimable) ?? null;
  } catch {
    return null;
  }
}

async function chooseDialog(pathname: string): Promise<{ name: DialogName; task: PointTask | null } | null> {
  if (arrivalGuideOpen()) return null; // never two at once
  for (const name of dueDialogs(contextOf(pathname), userState.dialogTimes, Date.now())) {
    if (name !== 'dialog16') return { name, task: null };
    const task = await claimableCheckin();
    if (task) return { name, task };
  }
  return null;
}

export function DialogHost() {
  const [pathname] = useLocation();
  const { signedIn } = useSnapshot(authState);
  const [shown, setShown] = useState<{ name: DialogName; task: PointTask | null; pathname: string } | null>(null);

  useEffect(() => {
    if (!signedIn) return; // the session starts first: the rules need to know the user
    let cancelled = false;
    const timer = setTimeout(async () => {
      const chosen = await chooseDialog(pathname);
      if (cancelled || !chosen || location.pathname !== pathname) return;
      markDialogShown(chosen.name);
      setShown({ ...chosen, pathname });
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [pathname, signedIn]);

  if (!shown || shown.pathname !== pathname) return null;
  const Dialog = DIALOGS[shown.name];
  return <Dialog task={shown.task} onClose={() => setShown(null)} />;
}
