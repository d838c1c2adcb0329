/**
 * The app's side of the API client's hooks (src/api/client-hooks.ts): the stores it reads and the
 * toasts it shows. Loaded with the content chunk before the first call (first-screen.ts, app.tsx).
 */
import { installClientHooks } from '../api/client-hooks.ts';
import { dropToken } from '../stores/auth.ts';
import { requireSiteInfo } from '../stores/site.ts';
import { showToast } from '../stores/toast.ts';
import { userState } from '../stores/user.ts';
import { pwaMessages } from './pwa-messages.ts';

installClientHooks({
  siteInfo: requireSiteInfo,
  userId: () => userState.info?.id,
  dropToken,
  showError: (message) => showToast(message, { kind: 'error' }),
  queued: () => showToast(pwaMessages.queued),
});
