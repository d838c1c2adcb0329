/** Resolves when the browser is next idle (at the latest after `timeoutMs`), or after a second without requestIdleCallback. */
export function whenIdle(timeoutMs = 3_000): Promise<void> {
  return new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1_000);
  });
}
