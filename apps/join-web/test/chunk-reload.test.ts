import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, installChunkReload } from '../src/chunk-reload.js';

/** A window whose reload() is observable (jsdom's location.reload cannot be spied on). */
function fakeWindow() {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = Object.assign(target, { sessionStorage, location: { reload } }) as unknown as Window;
  return { win, reload };
}
const preloadError = () => new Event('vite:preloadError', { cancelable: true });

describe('reload once when a chunk of an earlier build is gone (Vite vite:preloadError)', () => {
  afterEach(() => sessionStorage.clear());

  it('§3 a missing chunk reloads the page once (the join resumes from sessionStorage); a second failure soon after does not', () => {
    const { win, reload } = fakeWindow();
    let clock = 1_000_000;
    const remove = installChunkReload(win, () => clock);
    const first = preloadError();
    win.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(clock));

    clock += CHUNK_RELOAD_WINDOW_MS - 1;
    const again = preloadError();
    win.dispatchEvent(again);
    expect(reload).toHaveBeenCalledTimes(1); // no loop: the app's own error state shows
    expect(again.defaultPrevented).toBe(false);

    clock += 2; // a later deploy, long after: reloads again
    win.dispatchEvent(preloadError());
    expect(reload).toHaveBeenCalledTimes(2);
    remove();
    win.dispatchEvent(preloadError());
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
