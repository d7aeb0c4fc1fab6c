// join-api's CPU time per paying parent (sign-up + order, the goal's figure), measured apart from the statements count
// (bench/statements.mjs) so that it can take enough parents to be steady on a shared machine: `passes` passes of
// `parents` new parents each, every parent going through the paying calls (bench/join-flow.mjs `PAYING_CALLS`) one
// call at a time for all of them, and join-api's CPU time (/proc, every thread: bench/join-api-process.mjs `cpuMs`)
// read around each call's loop. The figure is the median pass: a pass that a neighbour's burst of work or one of V8's
// compilations (its compiler threads count in the process's CPU time) lands in shows up beside it, not in it.
// Used by bench/run.mjs on both databases.
import { PAYING_CALLS, joinParent } from './join-flow.mjs';

/**
 * @param {{ base: string, newNonce: () => string, mailbox: object, cpuMs: () => { total: number } | undefined,
 *   parents?: number, passes?: number }} o join-api's origin, the sandbox's nonce maker, its mailbox
 *   (bench/lib/mailbox.mjs), join-api's CPU time so far, the parents of a pass (100) and the passes (5)
 * @returns {{ perParent: number, byPass: number[], perCall: Record<string, number> } | undefined} ms of join-api CPU:
 *   per parent (sign-up + order) of the median pass, of every pass in order, and per call of that pass; undefined off
 *   Linux (no /proc)
 */
export async function cpuPerParent({ base, newNonce, mailbox, cpuMs, parents = 100, passes = 5 }) {
  if (!cpuMs()) return undefined;
  const tag = Date.now().toString(36);
  const runs = [];
  for (let pass = 0; pass < passes; pass++) {
    const people = Array.from({ length: parents }, (_, i) =>
      joinParent(base, `cpu${pass}x${i}`, { newNonce, mailbox, email: `cpu${pass}x${i}.${tag}@example.com` }),
    );
    const perCall = {};
    for (const name of PAYING_CALLS) {
      const before = cpuMs().total;
      for (const p of people) {
        const r = await p.call(name);
        if (r.status >= 300) throw new Error(`${name} answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
      perCall[name] = +((cpuMs().total - before) / parents).toFixed(2);
    }
    runs.push({ perParent: +(perCall['sign-up'] + perCall.order).toFixed(2), perCall });
  }
  const median = [...runs].sort((a, b) => a.perParent - b.perParent)[Math.floor((runs.length - 1) / 2)];
  return { perParent: median.perParent, byPass: runs.map((r) => r.perParent), perCall: median.perCall };
}
