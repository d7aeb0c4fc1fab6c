// The in-page probes and input of the join benchmark (scripts/bench-join.mjs): the performance observers and the
// time-to-interactive observer it installs before any page script, the DevTools throttling of its figures, and a
// parent who types as soon as a field shows.

/** Observers installed before any page script: LCP, CLS and the longest event duration (INP proxy). */
export const observers = () => {
  const w = window;
  w.__perf = { lcp: 0, cls: 0, inp: 0 };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__perf.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) w.__perf.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.interactionId) w.__perf.inp = Math.max(w.__perf.inp, e.duration);
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  // The last click this document took, on the shared clock (the payment step's start: Continue on Terms).
  document.addEventListener('click', (e) => (w.__perf.lastClickWall = performance.timeOrigin + e.timeStamp), true);
  // The first keystroke a text field of this document took (ms since navigation start, and on the shared clock).
  document.addEventListener(
    'input',
    (e) => {
      if (w.__perf.firstInput === undefined && e.target instanceof HTMLInputElement)
        w.__perf.firstInput = { id: e.target.id, at: e.timeStamp, wall: performance.timeOrigin + e.timeStamp };
    },
    true,
  );
};

/**
 * The time to interactive, recorded by the page itself (an init script, before any page script): the moment after
 * the app has replaced the prerendered shell (a `#root` child and no `[data-prerendered]` left) when the main thread
 * runs its next task — the first moment a keystroke could be handled —, in ms since navigation start. It is handed
 * to the bench through `window.__benchInteractive` (a Playwright binding), so the bench evaluates nothing in the page
 * until then: polling with `waitForFunction` compiles Playwright's injected script on the page's main thread (≈ 40 ms
 * at 4× CPU, measured in a trace) while the app's takeover is waiting for it, and adds up to one polling interval.
 */
export const interactiveObserver = () => {
  if (window.top !== window) return; // the card frames have no shell
  const done = () =>
    document.getElementById('root')?.firstElementChild && !document.querySelector('[data-prerendered]');
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    setTimeout(() => window.__benchInteractive?.(performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
};

/** Chrome DevTools throttling of the figures: 4× slower CPU, 1.6 Mbps down / 750 kbps up, 150 ms RTT. */
export async function throttle(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * A parent who types as soon as a field shows: clicks `at` and presses 4 (raw CDP input, no actionability waits)
 * every frame (16 ms) until `read()` returns the field's text.
 * @returns the text typed (empty after 60 s).
 */
export async function typeWhenReady(cdp, at, read) {
  const deadline = Date.now() + 60_000;
  let typed = '';
  while (!typed && Date.now() < deadline) {
    for (const type of ['mousePressed', 'mouseReleased'])
      await cdp.send('Input.dispatchMouseEvent', { type, ...at, button: 'left', clickCount: 1 });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: '4', code: 'Digit4', text: '4' });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: '4', code: 'Digit4' });
    typed = await read();
    if (!typed) await new Promise((r) => setTimeout(r, 16));
  }
  return typed;
}
