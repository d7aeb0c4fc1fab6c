// The join benchmark (part of `pnpm bench`): serves the built product on 127.0.0.1 (test ports, fresh PGlite) and
// measures, in Debian's Chromium through Playwright:
//   - JS shipped (gzip) for the first load of /join, and the extra JS loaded when the payment step mounts;
//   - with CPU throttled 4× and a 1.6 Mbps / 150 ms RTT network: LCP and CLS of /join, and the
//     interaction-to-next-paint of choosing a package and of typing in the card number; median of 5 runs.
// Prints a table (each figure beside the previous run's, from .bench/table.json) and writes the figures to
// .bench/join.json.
import { createRequire } from 'node:module';
import { mkdirSync, rmSync, writeFileSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { CHROMIUM_ARGS } from './lib/chromium.mjs';
import { buildWorkspaces, root, startServers, stopAll, waitForHttp } from './lib/processes.mjs';

const require = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const apiPort = 3200;
const sandboxPort = 3210;
const base = `http://127.0.0.1:${apiPort}`;
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
      DATA_DIR: dataDir,
      SANDBOX_URL: sandbox,
      WEB_DIST: path.join(root, 'apps/join-web/dist'),
      LOG_LEVEL: 'warn',
    },
  },
});
await Promise.all([waitForHttp(`${sandbox}/`), waitForHttp(`${base}/`)]);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });

/** Observers installed before any page script: LCP, CLS and the longest event duration (INP proxy). */
const observers = () => {
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
};

async function oneRun(throttled) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(observers);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttled) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const js = new Map();
  let phase = 'first';
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script' || !res.url().startsWith(base)) return;
    try {
      const body = await res.body();
      js.set(res.url(), { phase, gz: gzipSync(body).length });
    } catch {
      /* aborted */
    }
  });
  await page.goto(`${base}/join`, { waitUntil: 'load' });
  // /join paints a prerendered, inert shell first (join-web README "First paint"); the app is usable once React has
  // replaced it. That moment (ms since navigation start) is the time to interactive reported beside LCP.
  const interactive = await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return root && root.firstElementChild && !root.querySelector('[data-prerendered]') ? performance.now() : 0;
    },
    undefined,
    { polling: 50, timeout: 60_000 },
  );
  const interactiveMs = await interactive.jsonValue();
  await page.getByLabel('First name').waitFor();
  await page.waitForTimeout(500); // let LCP settle
  const first = await page.evaluate(() => ({ ...window.__perf }));
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
  await select.click();
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await page.waitForTimeout(300);
  const choose = await page.evaluate(() => window.__perf.inp);
  phase = 'payment';
  await page.getByRole('button', { name: 'Continue' }).click();
  const frame = page.frameLocator('iframe[name="braintree-hosted-field-number"]');
  const input = frame.getByLabel('Card number');
  await input.waitFor({ timeout: 60_000 });
  // The payment step holds long-lived connections (provider frames), so "network idle" never comes: wait until the
  // card frames report ready instead (the pay button is enabled then).
  await page.getByRole('button', { name: /^Pay/ }).first().waitFor();
  await page.waitForTimeout(500);
  const cardFrame = page.frames().find((f) => f.name() === 'braintree-hosted-field-number');
  await cardFrame.evaluate(observers);
  await input.pressSequentially('4111111111111111', { delay: 30 });
  await page.waitForTimeout(300);
  const typing = await cardFrame.evaluate(() => window.__perf.inp);
  await context.close();
  const sum = (p) => [...js.values()].filter((v) => v.phase === p).reduce((a, v) => a + v.gz, 0);
  return {
    lcp: first.lcp,
    interactive: interactiveMs,
    cls: first.cls,
    inpChoosePackage: choose,
    inpTypeCardNumber: typing,
    jsFirstLoadGz: sum('first'),
    jsPaymentStepGz: sum('payment'),
  };
}

let results = [];
let exitCode = 0;
try {
  const size = await oneRun(false); // sizes without throttling (identical bytes, faster)
  for (let i = 0; i < RUNS; i++) results.push(await oneRun(true));
  const m = (k) => median(results.map((r) => r[k]));
  const figures = {
    date: new Date().toISOString(),
    runs: RUNS,
    jsFirstLoadKbGz: +(size.jsFirstLoadGz / 1024).toFixed(1),
    jsPaymentStepKbGz: +(size.jsPaymentStepGz / 1024).toFixed(1),
    lcpMs: Math.round(m('lcp')),
    interactiveMs: Math.round(m('interactive')),
    cls: +m('cls').toFixed(3),
    inpChoosePackageMs: Math.round(m('inpChoosePackage')),
    inpTypeCardNumberMs: Math.round(m('inpTypeCardNumber')),
  };
  const rows = [
    ['JS first load of /join (gzip)', `${figures.jsFirstLoadKbGz} kB`, '≤ 130 kB'],
    ['JS added by the payment step (gzip)', `${figures.jsPaymentStepKbGz} kB`, 'lazy'],
    [`LCP /join (4× CPU, 1.6 Mbps/150 ms, median of ${RUNS})`, `${figures.lcpMs} ms`, '≤ 1000 ms'],
    ['Time to interactive /join (app replaced the shell)', `${figures.interactiveMs} ms`, '—'],
    ['CLS /join', String(figures.cls), '0'],
    ['INP choose a package', `${figures.inpChoosePackageMs} ms`, '≤ 100 ms'],
    ['INP type the card number', `${figures.inpTypeCardNumberMs} ms`, '≤ 100 ms'],
  ];
  // Figures the other workspaces' benches left in .bench/ (JSON), shown in the same table.
  const benchDir = path.join(root, '.bench');
  mkdirSync(benchDir, { recursive: true });
  const own = new Set(['join.json', 'table.json']);
  for (const f of readdirSync(benchDir).filter((f) => f.endsWith('.json') && !own.has(f))) {
    const data = JSON.parse(readFileSync(path.join(benchDir, f), 'utf8'));
    // a bench may give goals ({ goals: { key: '≤ 250' } }) and the keys that missed them ({ missed: [key] })
    for (const [k, v] of Object.entries(data.figures ?? data))
      if (typeof v === 'number')
        rows.push([
          `${f.replace('.json', '')}: ${k}`,
          `${v}${data.missed?.includes(k) ? ' ✗' : ''}`,
          data.goals?.[k] ?? '',
        ]);
  }
  // The previous run's table (.bench/table.json), so every figure is shown beside its last value.
  const tableFile = path.join(benchDir, 'table.json');
  const previous = existsSync(tableFile) ? JSON.parse(readFileSync(tableFile, 'utf8')) : { rows: [] };
  const before = new Map(previous.rows.map(([figure, value]) => [figure, value]));
  const shown = rows.map(([figure, value, goal]) => [figure, value, before.get(figure) ?? '—', goal]);
  const header = ['figure', 'value', previous.date ? `previous (${previous.date.slice(0, 16)})` : 'previous', 'goal'];
  const w = [0, 1, 2].map((i) => Math.max(...[header, ...shown].map((r) => r[i].length)));
  const line = (r) => `${r[0].padEnd(w[0])}  ${r[1].padEnd(w[1])}  ${r[2].padEnd(w[2])}  ${r[3]}`;
  console.log(`\n${line(header)}`);
  for (const r of shown) console.log(line(r));
  writeFileSync(path.join(benchDir, 'join.json'), JSON.stringify({ figures, runs: results }, null, 2));
  writeFileSync(tableFile, JSON.stringify({ date: figures.date, rows }, null, 2));
  console.log(`\nFigures written to .bench/join.json; the table to .bench/table.json (the next run's "previous")`);
} catch (error) {
  console.error(`✗ join benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  exitCode = 1;
} finally {
  await browser.close();
  await stopAll(exitCode);
}
