// The join benchmark (part of `pnpm bench`): serves the built product on 127.0.0.1 (test ports, fresh PGlite) and
// measures, in Debian's Chromium through Playwright:
//   - JS shipped (gzip) for the first load of /join — the scripts the app awaits before it takes the page over (the
//     entry with its static imports, the /join route's chunks and the catalogue's first part: join-web's
//     scripts/first-load.mjs over the build's manifest) —, the JS the page loads after the takeover before any input
//     (the API client and schemas, the later steps' texts: they wait for the parent's first input or an idle moment),
//     their sum (what /join loads before it is idle), and the extra JS loaded by the terms and payment steps (the
//     payment step's is prefetched while the parent reads the terms);
//   - with CPU throttled 4× and a 1.6 Mbps / 150 ms RTT network: LCP and CLS of /join, the time to first input (a
//     keystroke typed into First name as soon as it can take one, kept with the focus through the app's takeover;
//     its own page load, so the early input does not end LCP), the time to interactive (the app has replaced the
//     prerendered shell and the main thread takes its next task; recorded in the page, see interactiveObserver),
//     the JS first load's bytes as sent (brotli), the payment step usable
//     (Continue on Terms, after the parent read them for READ_TERMS_MS, → the card number frame takes a keystroke),
//     and the interaction-to-next-paint of choosing a package and of typing in the card number; median of 5 runs.
// Prints a table (each figure beside the previous run's, from .bench/table.json) and writes the figures to
// .bench/join.json.
import { createRequire } from 'node:module';
import { rmSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import path from 'node:path';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { buildWorkspaces, root, startServers, stopAll, waitForHttp } from './lib/processes.mjs';
import { interactiveObserver, observers, throttle, typeWhenReady } from './lib/bench-join-page.mjs';
import { figureRows, joinFigures, writeTable } from './lib/bench-join-table.mjs';
import { firstLoadFiles } from '../apps/join-web/scripts/first-load.mjs';

const require = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** How long the bench parent reads the terms before Continue (the payment step prefetches meanwhile). */
const READ_TERMS_MS = 3000;
// BENCH_API_PORT / BENCH_SANDBOX_PORT: other ports when another bench or e2e run holds these on a shared machine
const apiPort = Number(process.env.BENCH_API_PORT ?? 3200);
const sandboxPort = Number(process.env.BENCH_SANDBOX_PORT ?? 3210);
const base = `http://127.0.0.1:${apiPort}`;
let firstLoad;
/** Whether a script URL is one of /join's first-load files (join-web's manifest, read once after the build). */
const isFirstLoad = (url) => {
  firstLoad ??= firstLoadFiles(
    JSON.parse(readFileSync(path.join(root, 'apps/join-web/dist/.vite/manifest.json'), 'utf8')),
  );
  return firstLoad.has(new URL(url).pathname.replace(/^\//, ''));
};
const sandbox = `http://127.0.0.1:${sandboxPort}`;
const executablePath =
  process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find(existsSync);
if (!executablePath) throw new Error('Chromium not found: apt-get install -y chromium');

await buildWorkspaces(['join-api', 'payments-sandbox', 'join-web'], { logs: 'errors-only' });
const dataDir = path.join(root, '.data/bench-pglite');
rmSync(dataDir, { recursive: true, force: true });
startServers({
  sandbox: {
    env: { HOST: '127.0.0.1', SANDBOX_PORT: String(sandboxPort), SANDBOX_ALLOWED_ORIGINS: base, LOG_LEVEL: 'warn' },
  },
  joinApi: {
    env: {
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      METRICS_PORT: '0',
      DATA_DIR: dataDir,
      SANDBOX_URL: sandbox,
      WEB_DIST: path.join(root, 'apps/join-web/dist'),
      LOG_LEVEL: 'warn',
    },
  },
});
await Promise.all([waitForHttp(`${sandbox}/`), waitForHttp(`${base}/`)]);

const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });

/**
 * The floor of this machine and harness: a bare page (a heading and a First name field, no CSS, no script), served
 * from this process under the same throttling. LCP and the time to first input of /join cannot beat it; the README
 * compares /join's figures with it.
 */
const FLOOR_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>' +
  '<body><h1>Your details</h1><label for="firstName">First name</label> <input id="firstName"></body></html>';
const floorServer = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(FLOOR_PAGE));
await new Promise((resolve) => floorServer.listen(0, '127.0.0.1', resolve));
const floorUrl = `http://127.0.0.1:${floorServer.address().port}/`;

/**
 * Time to first input on /join, as a parent who starts typing as soon as the form shows: from the moment the page
 * commits, clicks First name and presses a key every frame until the field has taken it ({@link typeWhenReady});
 * then checks that the text and the focus survived the app's takeover of the prerendered shell (the next keystroke
 * lands after it).
 * @param field - the centre of First name on the laid-out page (CLS 0: the shell and the app put it there).
 * @returns ms from navigation start to the keystroke's input event, and whether the text and focus were kept.
 */
async function firstInputRun(field) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observers);
  const page = await context.newPage();
  await throttle(context, page);
  const cdp = await context.newCDPSession(page);
  await page.goto(`${base}/join`, { waitUntil: 'commit' });
  const typed = await typeWhenReady(cdp, field, () =>
    page.evaluate(() => document.getElementById('firstName')?.value ?? '').catch(() => ''),
  );
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'), undefined, {
    polling: 50,
    timeout: 60_000,
  });
  await page.keyboard.type('e');
  const result = await page.evaluate(
    (before) => ({
      at: window.__perf.firstInput?.id === 'firstName' ? window.__perf.firstInput.at : NaN,
      kept:
        before !== '' &&
        document.activeElement?.id === 'firstName' &&
        document.getElementById('firstName').value === `${before}e`,
    }),
    typed,
  );
  await context.close();
  return result;
}

/**
 * The same two figures on {@link FLOOR_PAGE}: its LCP (own load) and its time to first input (typed at its field's
 * centre, found unthrottled first).
 */
async function floorRun() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observers);
  const page = await context.newPage();
  await page.goto(floorUrl);
  const box = await page.locator('#firstName').boundingBox();
  const field = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await throttle(context, page);
  await page.goto(floorUrl, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => window.__perf.lcp);
  const cdp = await context.newCDPSession(page);
  await page.goto('about:blank');
  await page.goto(floorUrl, { waitUntil: 'commit' });
  await typeWhenReady(cdp, field, () =>
    page.evaluate(() => document.getElementById('firstName')?.value ?? '').catch(() => ''),
  );
  const at = await page.evaluate(() => window.__perf.firstInput?.at ?? NaN);
  await context.close();
  return { floorLcp: lcp, floorInput: at };
}

/**
 * A browser context for one run of /join: the observers installed, the time to interactive handed over by the page
 * ({@link interactiveObserver}), throttled when `throttled`.
 */
async function openRun(throttled) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observers);
  let interactiveAt;
  const interactive = new Promise((resolve, reject) => {
    interactiveAt = resolve;
    setTimeout(() => reject(new Error('/join: the app did not replace the shell within 60 s')), 60_000).unref();
  });
  await context.exposeBinding('__benchInteractive', (_, ms) => interactiveAt(ms));
  await context.addInitScript(interactiveObserver);
  const page = await context.newPage();
  if (throttled) await throttle(context, page);
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, interactive };
}

/** Records every script of the product the page loads (gzip size), under the phase of the run set at the time. */
function trackScripts(page) {
  const scripts = { phase: 'first', js: new Map() };
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script' || !res.url().startsWith(base)) return;
    try {
      const body = await res.body();
      scripts.js.set(res.url(), { phase: scripts.phase, gz: gzipSync(body).length });
    } catch {
      /* aborted */
    }
  });
  return scripts;
}

/** The first load of /join: time to interactive, where it goes, LCP and CLS, and the centre of First name. */
async function measureFirstLoad(page, interactive) {
  await page.goto(`${base}/join`, { waitUntil: 'commit' });
  // /join paints a prerendered shell first (docs/performance/join-web.md "First paint"); the app has taken over once React has
  // replaced it. That moment (ms since navigation start, {@link interactiveObserver}) is the time to interactive.
  const interactiveMs = await interactive;
  await page.waitForLoadState('load');
  // Where the time to interactive goes: the HTML's arrival, the first paint, and the last of the first load's
  // scripts to arrive (resource timing, ms since navigation start); what follows it is script and render work.
  const scriptUrls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => r.name)
      .filter((n) => n.endsWith('.js')),
  );
  const timeline = await page.evaluate((firstLoadUrls) => {
    const nav = performance.getEntriesByType('navigation')[0];
    const scripts = performance.getEntriesByType('resource').filter((r) => firstLoadUrls.includes(r.name));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      htmlEnd: nav.responseEnd,
      firstPaint: paint ? paint.startTime : NaN,
      jsEnd: Math.max(...scripts.map((r) => r.responseEnd)),
      // the bytes as join-api sent them (its encoding: brotli for Chromium), not re-compressed by the bench
      jsFirstLoadWire: scripts.reduce((n, r) => n + r.encodedBodySize, 0),
    };
  }, scriptUrls.filter(isFirstLoad));
  await page.getByLabel('First name').waitFor();
  const box = await page.getByLabel('First name').boundingBox();
  await page.waitForTimeout(500); // let LCP settle
  const first = await page.evaluate(() => ({ ...window.__perf }));
  return { interactiveMs, timeline, first, firstName: { x: box.x + box.width / 2, y: box.y + box.height / 2 } };
}

/** The details step filled in and a package chosen (which opens the terms); the INP of choosing the package. */
async function choosePackage(page, scripts) {
  const id = Math.random().toString(36).slice(2, 8);
  await page.getByLabel('First name').fill('Bench');
  await page.getByLabel('Last name').fill('Parent');
  await page.getByLabel('Email').fill(`bench.${id}.${Date.now()}@example.com`);
  await page.getByLabel('Phone number').fill('2065550123');
  await page.getByRole('button', { name: 'Continue' }).click();
  const select = page.locator('[id^="select"], button[id*="select" i]').first();
  await select.waitFor();
  await page.evaluate(() => {
    window.__perf.inp = 0;
  });
  scripts.phase = 'payment'; // choosing a package opens the terms, which prefetch the payment step's code
  await select.click();
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await page.waitForTimeout(300);
  const choose = await page.evaluate(() => window.__perf.inp);
  return choose;
}

/**
 * Payment step usable: from the click on Continue (after the terms were read) to the card number frame's first
 * keystroke; `fields` given, typed at the card number's centre the untimed run found, else found here.
 */
async function measurePaymentUsable(page, cdp, fields) {
  await page.waitForTimeout(READ_TERMS_MS - 300);
  // Payment step usable: from the click on Continue to the card number frame's first keystroke. Throttled runs type
  // as a parent does who types as soon as the field shows (typeWhenReady, at the place the untimed run found it).
  await page.getByRole('button', { name: 'Continue' }).click();
  const clickedAt = await page.evaluate(() => window.__perf.lastClickWall);
  const numberFrameName = 'braintree-hosted-field-number';
  const frame = page.frameLocator(`iframe[name="${numberFrameName}"]`);
  const input = frame.getByLabel('Card number');
  let cardNumberCentre;
  if (fields) {
    await typeWhenReady(cdp, fields.cardNumber, async () => {
      const f = page.frames().find((x) => x.name() === numberFrameName);
      return f ? await f.evaluate(() => document.activeElement?.value ?? '').catch(() => '') : '';
    });
  } else {
    await input.click({ timeout: 60_000 });
    await page.keyboard.type('4');
    const inner = await input.boundingBox(); // in the page's viewport
    cardNumberCentre = { x: inner.x + inner.width / 2, y: inner.y + inner.height / 2 };
  }
  const numberFrame = page.frames().find((f) => f.name() === numberFrameName);
  const typedAt = await numberFrame.evaluate(() => window.__perf?.firstInput?.wall ?? NaN);
  return { input, paymentUsable: typedAt - clickedAt, cardNumberCentre };
}

/** The INP of typing a card number, once the card frames are ready. */
async function measureCardTyping(page, input) {
  await input.fill('');
  // The payment step holds long-lived connections (provider frames), so "network idle" never comes: wait until the
  // card frames report ready instead (the pay button is enabled then).
  await page.getByRole('button', { name: /^Pay/ }).first().waitFor();
  await page.waitForTimeout(500);
  const cardFrame = page.frames().find((f) => f.name() === 'braintree-hosted-field-number');
  await cardFrame.evaluate(observers);
  await input.pressSequentially('4111111111111111', { delay: 30 });
  await page.waitForTimeout(300);
  const typing = await cardFrame.evaluate(() => window.__perf.inp);
  return typing;
}

/** The gzip size of the scripts the first load and the payment step loaded ({@link trackScripts}). */
function scriptSizes({ js }) {
  const sum = (p) => [...js.values()].filter((v) => v.phase === p).reduce((a, v) => a + v.gz, 0);
  return {
    jsFirstLoadGz: [...js]
      .filter(([url, v]) => v.phase === 'first' && isFirstLoad(url))
      .reduce((a, [, v]) => a + v.gz, 0),
    jsAfterTakeoverGz: [...js]
      .filter(([url, v]) => v.phase === 'first' && !isFirstLoad(url))
      .reduce((a, [, v]) => a + v.gz, 0),
    jsPaymentStepGz: sum('payment'),
  };
}

/**
 * One run of /join: the first load, the details and package steps, the payment step usable and typing a card
 * number. Unthrottled (`throttled` false) it finds the fields' centres the throttled runs type at (`fields`).
 */
async function oneRun(throttled, fields) {
  const { context, page, cdp, interactive } = await openRun(throttled);
  const scripts = trackScripts(page);
  const { interactiveMs, timeline, first, firstName } = await measureFirstLoad(page, interactive);
  scripts.phase = 'steps';
  const choose = await choosePackage(page, scripts);
  const { input, paymentUsable, cardNumberCentre } = await measurePaymentUsable(page, cdp, fields);
  const typing = await measureCardTyping(page, input);
  await context.close();
  return {
    lcp: first.lcp,
    interactive: interactiveMs,
    ...timeline,
    cls: first.cls,
    inpChoosePackage: choose,
    inpTypeCardNumber: typing,
    paymentUsable,
    fields: { firstName, cardNumber: cardNumberCentre },
    ...scriptSizes(scripts),
  };
}

let results = [];
let exitCode = 0;
try {
  const size = await oneRun(false); // sizes without throttling (identical bytes, faster)
  for (let i = 0; i < RUNS; i++)
    results.push({
      ...(await oneRun(true, size.fields)),
      ...(await firstInputRun(size.fields.firstName)),
      ...(await floorRun()),
    });
  const figures = joinFigures(size, results, RUNS);
  writeTable(root, figureRows(figures, RUNS, READ_TERMS_MS), figures, results);
} catch (error) {
  console.error(`✗ join benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  exitCode = 1;
} finally {
  await browser.close();
  floorServer.close();
  await stopAll(exitCode);
}
