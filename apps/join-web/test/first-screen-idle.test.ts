import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as GateModule from '../src/first-screen-idle.js';

type Gate = typeof GateModule;

/** A fresh copy of the gate's module (its state is module-level, as in the app: one page, one first screen). */
const freshGate = async (): Promise<Gate> => {
  vi.resetModules();
  return import('../src/first-screen-idle.js');
};

/** Whether `p` has settled after the pending microtasks ran. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the first screen of /join loads nothing more until the parent acts or the page is idle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('not armed (other routes, a resumed join, tests), what waits for the gate runs at once', async () => {
    const gate = await freshGate();
    expect(await settled(gate.afterFirstScreenIdle())).toBe(true);
  });

  it.each(['pointerdown', 'keydown', 'focusin', 'input'])(
    'armed, the gate opens on the parent’s first %s (the loads start as the parent starts the form)',
    async (type) => {
      const gate = await freshGate();
      gate.holdUntilFirstScreenIdle();
      gate.startFirstScreenIdleWatch();
      const after = gate.afterFirstScreenIdle();
      await vi.advanceTimersByTimeAsync(gate.IDLE_DELAY_MS - 1);
      expect(await settled(after)).toBe(false);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      expect(await settled(after)).toBe(true);
    },
  );

  it('Back/Forward (popstate) opens it too: a later step needs the later texts', async () => {
    const gate = await freshGate();
    gate.holdUntilFirstScreenIdle();
    gate.startFirstScreenIdleWatch();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await settled(gate.afterFirstScreenIdle())).toBe(true);
  });

  it('without any input it opens at the browser’s first idle moment after the generous delay', async () => {
    const idle = vi.fn((cb: () => void, o: { timeout: number }) => (void o, setTimeout(cb, 100)));
    vi.stubGlobal('requestIdleCallback', idle);
    const gate = await freshGate();
    gate.holdUntilFirstScreenIdle();
    gate.startFirstScreenIdleWatch();
    const after = gate.afterFirstScreenIdle();
    await vi.advanceTimersByTimeAsync(gate.IDLE_DELAY_MS - 1);
    expect(idle).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: gate.IDLE_TIMEOUT_MS });
    expect(await settled(after)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(after)).toBe(true);
  });

  it('where the browser has no requestIdleCallback, it opens after the delay', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const gate = await freshGate();
    gate.holdUntilFirstScreenIdle();
    gate.startFirstScreenIdleWatch();
    const after = gate.afterFirstScreenIdle();
    await vi.advanceTimersByTimeAsync(gate.IDLE_DELAY_MS);
    expect(await settled(after)).toBe(true);
  });

  it('an armed gate that is never watched stays shut until opened explicitly', async () => {
    const gate = await freshGate();
    gate.holdUntilFirstScreenIdle();
    const after = gate.afterFirstScreenIdle();
    await vi.advanceTimersByTimeAsync(gate.IDLE_DELAY_MS + gate.IDLE_TIMEOUT_MS);
    expect(await settled(after)).toBe(false);
    gate.openFirstScreenIdle();
    expect(await settled(after)).toBe(true);
  });
});
