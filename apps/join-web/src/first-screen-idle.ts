/**
 * What the first screen of a fresh `/join` does not need before the parent acts ("a join in a few
 * milliseconds"): @ofw/api-client's client and zod schemas (the details step's country lists), the details step's
 * zod-backed rules and the catalogue's later part. Loading them right after the first paint made the page fetch ≈ 37 kB
 * gz more before it was idle; instead they wait for this gate. main.tsx arms it for that screen only
 * ({@link holdUntilFirstScreenIdle}); everywhere else (tests, other routes, a resumed join) it is open from the start.
 */

/** Events that show the parent acting on the page: the loads start on the first one. */
export const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'focusin', 'input'] as const;

/** How long after the app's first commit the gate waits before it asks the browser for an idle moment (ms). */
export const IDLE_DELAY_MS = 3000;
/** The longest the idle request waits for an idle moment once asked (ms), `requestIdleCallback`'s `timeout`. */
export const IDLE_TIMEOUT_MS = 2000;

let gate: Promise<void> | undefined;
let openGate: (() => void) | undefined;

/**
 * Arms the gate: {@link afterFirstScreenIdle} then waits until {@link startFirstScreenIdleWatch} sees the parent act
 * or the browser idle, or until {@link openFirstScreenIdle}. Does nothing when armed already.
 */
export function holdUntilFirstScreenIdle(): void {
  gate ??= new Promise<void>((resolve) => (openGate = resolve));
}

/**
 * Opens the gate (what waits for it starts loading now). Idempotent; safe when never armed.
 */
export function openFirstScreenIdle(): void {
  openGate?.();
  openGate = undefined;
}

/** Whether the gate is armed and not open yet (what waits for it would wait now). */
export function isFirstScreenHeld(): boolean {
  return openGate !== undefined;
}

/**
 * Resolves once the first screen no longer holds its later loads back: at once when the gate is not armed or already
 * open. Never rejects.
 */
export function afterFirstScreenIdle(): Promise<void> {
  return gate ?? Promise.resolve();
}

/**
 * Runs `load` once the first screen no longer holds its later loads back: at once (synchronously, as if there were no
 * gate) when the gate is not armed or already open, else after {@link afterFirstScreenIdle}.
 * @param load - starts the load, e.g. a dynamic `import()`.
 * @returns what `load` returns (its rejection included).
 */
export function whenFirstScreenIdle<T>(load: () => Promise<T>): Promise<T> {
  return isFirstScreenHeld() ? afterFirstScreenIdle().then(load) : load();
}

/**
 * Starts watching for the moment to open an armed gate — call it after the app's first commit (so the takeover of the
 * prerendered shell does not race the loads): the first {@link INTERACTION_EVENTS} on `target` or `popstate` on
 * `win` (Back/Forward may show a later step), or else the browser's first idle moment after {@link IDLE_DELAY_MS}
 * (`requestIdleCallback` with {@link IDLE_TIMEOUT_MS}; a plain timeout where the browser has none). Removes its
 * listeners once open.
 * @param win - the window to watch (its document for interactions), `window` by default.
 */
export function startFirstScreenIdleWatch(win: Window = window): void {
  if (!openGate) return;
  const target = win.document;
  const open = () => {
    for (const type of INTERACTION_EVENTS) target.removeEventListener(type, open, true);
    win.removeEventListener('popstate', open);
    clearTimeout(timer);
    openFirstScreenIdle();
  };
  const timer = setTimeout(() => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(open, { timeout: IDLE_TIMEOUT_MS });
    else open();
  }, IDLE_DELAY_MS);
  for (const type of INTERACTION_EVENTS) target.addEventListener(type, open, { capture: true, passive: true });
  win.addEventListener('popstate', open);
}
