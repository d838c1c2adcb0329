/**
 * Whether the first screen of this page load has settled (src/app/first-screen.ts decides when:
 * its call answered and its render and images had their time, or a cap). Work the first screen does
 * not need (the dialogs, the service worker's precache, a banner's first turn) waits for it, so it
 * competes with nothing the visitor is waiting for. After the first screen it stays settled.
 */
let settle: () => void = () => {};
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

export const firstScreenSettled = (): Promise<void> => settled;

export const settleFirstScreen = (): void => settle();
