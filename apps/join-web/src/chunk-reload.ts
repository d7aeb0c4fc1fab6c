/** sessionStorage key holding when the page last reloaded for a missing chunk (ms since the epoch). */
export const CHUNK_RELOAD_KEY = 'ofw.join.chunkReloadAt';

/** A second failure within this many ms of the last reload is not retried (the chunk really is missing). */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/**
 * Recovers from a deploy that happened while a parent was mid-join: the page still refers to the previous build's
 * hashed chunks, so loading a later step fails. Vite then dispatches `vite:preloadError` on `window`; this reloads
 * the page once, which fetches the new build and resumes the join from sessionStorage (§3 "Join state", never card
 * data). A failure again within {@link CHUNK_RELOAD_WINDOW_MS} of that reload is left to the app's error state, so a
 * chunk that is truly gone cannot cause a reload loop. Source: Vite guide, "Load Error Handling".
 * @param win - the window to listen on (tests pass jsdom's).
 * @param now - clock in ms since the epoch.
 * @returns a function that removes the listener.
 */
export function installChunkReload(win: Window = window, now: () => number = Date.now): () => void {
  const onPreloadError = (event: Event) => {
    try {
      const last = Number(win.sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
      if (now() - last < CHUNK_RELOAD_WINDOW_MS) return;
      win.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now()));
    } catch {
      return; // without storage a reload could loop: let the app show its error
    }
    event.preventDefault(); // Vite would otherwise rethrow the import error
    win.location.reload();
  };
  win.addEventListener('vite:preloadError', onPreloadError);
  return () => win.removeEventListener('vite:preloadError', onPreloadError);
}
