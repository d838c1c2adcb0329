/**
 * Reloads the page, but never under a playing video (an update must not cut a film
 * short): with a video playing, the reload waits until every video on the page is paused or ended.
 * Media events do not bubble, so they are caught on the document in the capture phase.
 */

/** Whether the reload happened now (false: it waits for the videos). */
export function reloadWhenNoVideoPlays(
  page: Document = document,
  reload: () => void = () => location.reload(),
): boolean {
  const playing = () => [...page.querySelectorAll('video')].some((video) => !video.paused && !video.ended);
  if (!playing()) {
    reload();
    return true;
  }
  let done = false;
  const onStop = () => {
    if (done || playing()) return;
    done = true;
    page.removeEventListener('pause', onStop, true);
    page.removeEventListener('ended', onStop, true);
    reload();
  };
  page.addEventListener('pause', onStop, true);
  page.addEventListener('ended', onStop, true);
  return false;
}
