// Preloaded into a benched join-api process (`--import`, bench/join-api-process.mjs with `cpuProfDir`): SIGUSR2 starts
// the V8 CPU profiler, the next SIGUSR2 stops it and writes `<BENCH_CPU_PROF_DIR>/<phase>.cpuprofile`, phases named
// by BENCH_CPU_PROF_PHASES (comma-separated, in order). So a profile covers one phase of the bench (e.g. the 200
// sign-ups and orders) and not the start-up or the throughput runs.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector/promises';

const dir = process.env.BENCH_CPU_PROF_DIR;
const phases = (process.env.BENCH_CPU_PROF_PHASES ?? 'phase').split(',');
const session = new Session();
session.connect();
await session.post('Profiler.enable');
// BENCH_CPU_PROF_INTERVAL_US: the sampling interval (V8's default is 1000 µs, coarse for calls of a few ms)
if (process.env.BENCH_CPU_PROF_INTERVAL_US)
  await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_CPU_PROF_INTERVAL_US) });
let running = false;
let n = 0;
process.on('SIGUSR2', () => {
  void (async () => {
    if (!running) {
      running = true;
      await session.post('Profiler.start');
      return;
    }
    running = false;
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${phases[n++] ?? `phase-${n}`}.cpuprofile`), JSON.stringify(profile));
    process.send?.('profiled');
  })();
});
