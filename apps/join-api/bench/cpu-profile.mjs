// Summarizes a V8 CPU profile (a .cpuprofile JSON: bench/phase-profiler.mjs, `node --cpu-prof`): self time by package (node_modules/<name>,
// join-api's own code, node internals, GC, idle) and the top functions by self time. Used by bench/bench.mjs for its
// "where the time goes" lines; alone: node bench/cpu-profile.mjs <file.cpuprofile> [top]
import fs from 'node:fs';

/** Which package a profile node's script belongs to. */
function packageOf(url, functionName) {
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return '(gc)';
    if (functionName === '(program)') return '(program)';
    return '(native)';
  }
  const nm = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (/join-api\/dist\//.test(url)) return 'join-api (dist, incl. @ofw/*)';
  if (/payments-sandbox/.test(url)) return 'payments-sandbox';
  if (/bench\//.test(url)) return 'bench client';
  return url.replace(/^file:\/\/.*\//, '');
}

/**
 * @param {string} file a .cpuprofile
 * @param {number} [top] how many packages and functions to keep
 * @param {{ fromUs: number, toUs: number }} [window] only the samples taken within it (µs of the monotonic clock,
 *   e.g. `process.hrtime.bigint() / 1000n` in any process of the machine)
 * @returns {{ totalMs: number, busyMs: number, byPackage: [string, number][], byFunction: [string, number][] }}
 *   self times in ms, busiest first (`busyMs` excludes idle)
 */
export function summarizeCpuProfile(file, top = 12, window = undefined) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  // sample times: the profile's startTime plus the deltas, µs on the system's monotonic clock
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += deltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const pkg = new Map();
  const fn = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const n = byId.get(id);
    const { url, functionName, lineNumber } = n.callFrame;
    const p = packageOf(url, functionName);
    pkg.set(p, (pkg.get(p) ?? 0) + us);
    const name = `${functionName || '(anonymous)'} ${p}${url ? `:${lineNumber + 1}` : ''}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    total += us;
  }
  const ms = (m) => [...m.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v / 1000)]);
  const idle = (pkg.get('(idle)') ?? 0) / 1000;
  return {
    totalMs: Math.round(total / 1000),
    busyMs: Math.round(total / 1000 - idle),
    byPackage: ms(pkg).slice(0, top),
    byFunction: ms(fn)
      .filter(([k]) => !k.startsWith('(idle)'))
      .slice(0, top),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const s = summarizeCpuProfile(process.argv[2], Number(process.argv[3] ?? 15));
  console.log(`total ${s.totalMs} ms, busy ${s.busyMs} ms`);
  for (const [k, v] of s.byPackage) console.log(`  ${String(v).padStart(7)} ms  ${k}`);
  console.log('top functions (self):');
  for (const [k, v] of s.byFunction) console.log(`  ${String(v).padStart(7)} ms  ${k}`);
}
