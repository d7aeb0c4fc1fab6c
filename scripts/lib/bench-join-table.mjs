// The figures and the table of the join benchmark (scripts/bench-join.mjs): the medians of its runs, each figure with
// its goal, the figures the other workspaces' benches left in .bench/, and the table printed beside the previous
// run's (.bench/table.json).
import { mkdirSync, writeFileSync, readFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};

/**
 * The figures of a benchmark: the script sizes of the unthrottled run and the medians of the throttled runs.
 * @param size - the unthrottled run's answer (its script sizes).
 * @param results - every throttled run's figures, with its first-input and floor runs.
 * @param RUNS - how many throttled runs there were.
 */
export function joinFigures(size, results, RUNS) {
  const m = (k) => median(results.map((r) => r[k]));
  const kept = results.filter((r) => r.kept).length;
  return {
    date: new Date().toISOString(),
    runs: RUNS,
    jsFirstLoadKbGz: +(size.jsFirstLoadGz / 1024).toFixed(1),
    jsFirstLoadKbWire: +(size.jsFirstLoadWire / 1024).toFixed(1),
    jsAfterTakeoverKbGz: +(size.jsAfterTakeoverGz / 1024).toFixed(1),
    jsBeforeIdleKbGz: +((size.jsFirstLoadGz + size.jsAfterTakeoverGz) / 1024).toFixed(1),
    jsPaymentStepKbGz: +(size.jsPaymentStepGz / 1024).toFixed(1),
    lcpMs: Math.round(m('lcp')),
    firstInputMs: Math.round(m('at')),
    firstInputKeptRuns: kept,
    interactiveMs: Math.round(m('interactive')),
    htmlArrivedMs: Math.round(m('htmlEnd')),
    firstPaintMs: Math.round(m('firstPaint')),
    firstLoadJsArrivedMs: Math.round(m('jsEnd')),
    floorLcpMs: Math.round(m('floorLcp')),
    floorFirstInputMs: Math.round(m('floorInput')),
    paymentUsableMs: Math.round(m('paymentUsable')),
    cls: +m('cls').toFixed(3),
    inpChoosePackageMs: Math.round(m('inpChoosePackage')),
    inpTypeCardNumberMs: Math.round(m('inpTypeCardNumber')),
  };
}

/**
 * The table's rows: [figure, value, goal], a missed goal marked.
 * @param figures - {@link joinFigures}' answer.
 * @param RUNS - how many throttled runs there were.
 * @param READ_TERMS_MS - how long the bench parent read the terms.
 */
export function figureRows(figures, RUNS, READ_TERMS_MS) {
  const kept = figures.firstInputKeptRuns;
  // [figure, value, goal, met?] — a goal that is missed is marked in the table.
  return [
    ['JS first load of /join (gzip)', `${figures.jsFirstLoadKbGz} kB`, '≤ 130 kB', figures.jsFirstLoadKbGz <= 130],
    ['JS first load of /join on the wire (as join-api sent it: brotli)', `${figures.jsFirstLoadKbWire} kB`, 'profile'],
    [
      'JS loaded after the takeover before any input (API client, schemas, later texts wait for it) (gzip)',
      `${figures.jsAfterTakeoverKbGz} kB`,
      'after',
    ],
    [
      'JS loaded before /join is idle: first load + after the takeover, before any input (gzip)',
      `${figures.jsBeforeIdleKbGz} kB`,
      '≤ 140 kB',
      figures.jsBeforeIdleKbGz <= 140,
    ],
    ['JS added by the terms and payment steps (gzip)', `${figures.jsPaymentStepKbGz} kB`, 'lazy'],
    [`LCP /join (4× CPU, 1.6 Mbps/150 ms, median of ${RUNS})`, `${figures.lcpMs} ms`, '≤ 500 ms', figures.lcpMs <= 500],
    [
      'Time to first input /join (typed text and focus kept)',
      `${figures.firstInputMs} ms, kept ${kept}/${RUNS}`,
      '≤ 600 ms, kept',
      figures.firstInputMs <= 600 && kept === RUNS,
    ],
    [
      'Time to interactive /join (app replaced the shell)',
      `${figures.interactiveMs} ms`,
      '≤ 1200 ms',
      figures.interactiveMs <= 1200,
    ],
    [
      '  where it goes: HTML arrived / first paint / first-load JS arrived',
      `${figures.htmlArrivedMs} / ${figures.firstPaintMs} / ${figures.firstLoadJsArrivedMs} ms`,
      'profile',
    ],
    [
      '  floor: a bare page (heading + one field, no CSS/JS), same throttling: LCP / first input',
      `${figures.floorLcpMs} / ${figures.floorFirstInputMs} ms`,
      'profile',
    ],
    [
      `Payment step usable (Continue on Terms after ${READ_TERMS_MS / 1000} s → card number keystroke)`,
      `${figures.paymentUsableMs} ms`,
      '≤ 1000 ms',
      figures.paymentUsableMs <= 1000,
    ],
    ['CLS /join', String(figures.cls), '0', figures.cls === 0],
    ['INP choose a package', `${figures.inpChoosePackageMs} ms`, '≤ 100 ms', figures.inpChoosePackageMs <= 100],
    ['INP type the card number', `${figures.inpTypeCardNumberMs} ms`, '≤ 100 ms', figures.inpTypeCardNumberMs <= 100],
  ].map(([figure, value, goal, met]) => [figure, value, met === false ? `${goal}  ✗ missed` : goal]);
}

/**
 * Adds the other benches' figures (.bench/*.json) to `rows`, prints the table beside the previous run's and writes
 * the figures to .bench/join.json and the table to .bench/table.json.
 */
export function writeTable(root, rows, figures, results) {
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
}
