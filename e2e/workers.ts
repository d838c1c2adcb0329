/**
 * The browser suite runs this many files at a time, one per vitest worker slot, and global-setup.ts
 * starts as many servers: the slot a file runs in (VITEST_POOL_ID, 1-based) is the server it uses,
 * so two files running side by side never see each other's writes. Three were tried: the suite
 * took 1,584 s in place of 1,655-1,829 s, and the heavier load made two tests fail twice (a desktop
 * walk of every route past its 90 s, a tap on the picture read as a held press).
 */
export const E2E_WORKERS = 2;

/** The index of this worker slot's server among those global-setup.ts started. */
export const workerSlot = (): number => (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % E2E_WORKERS;
