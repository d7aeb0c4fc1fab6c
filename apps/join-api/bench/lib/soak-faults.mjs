// The money soak's faults (bench/soak.mjs): per parent (matched on the payer's e-mail, or held by braintree mode's late
// proxy) and per call at random while the parents pay, through the sandbox's fault control (POST /sandbox/faults);
// counted as asked and as injected (asked − still queued).
import { LAND_LATE_MAX_MS, TIMEOUT_MS, sleep } from './soak-config.mjs';

/**
 * The fault plan of one soak run (`ctx`: driver, rng, proxy, sandboxCall, leaseMs). `asked` counts the faults asked for
 * per kind (`times` summed): delay (past the timeout), slow (under it), drop, status503, landLate.
 */
export function faultInjector({ driver, rng, proxy, sandboxCall, leaseMs }) {
  /** Faults asked for, per kind (`times` summed), to count what was injected. */
  const asked = { delay: 0, slow: 0, drop: 0, status503: 0, landLate: 0 };
  const kindOf = (f) =>
    f.delayMs !== undefined
      ? f.delayMs > TIMEOUT_MS
        ? 'delay'
        : 'slow'
      : f.landAfterMs !== undefined
        ? 'landLate'
        : f.dropResponseAfterCharge
          ? 'drop'
          : 'status503';
  async function addFault(fault) {
    await sandboxCall('POST', '/sandbox/faults', fault);
    asked[kindOf(fault)] += fault.times ?? 1;
  }
  const pastTimeout = () => TIMEOUT_MS + 200 + Math.floor(rng() * 1500);
  const pastLease = () => leaseMs + 1000 + Math.floor(rng() * (LAND_LATE_MAX_MS - 1000));

  /** Per-parent faults (both drivers send the payer's email with the sale; the late proxy is braintree's only). */
  async function planParentFaults(parents) {
    for (const p of parents) {
      const r = rng();
      const match = { customerEmail: p.email };
      if (r < 0.1 && driver === 'braintree') {
        // the sale reaches the gateway 0.2–2 s after join-api gave up (within the lease's 5 s margin)
        p.plan = 'late';
        proxy.holds.set(p.email, [pastTimeout() - 300]);
      } else if (r < 0.15 && driver === 'braintree') {
        p.plan = 'late×2';
        proxy.holds.set(p.email, [pastTimeout() - 300, pastTimeout() - 300]);
      } else if (r < 0.3) {
        p.plan = 'delay';
        await addFault({ delayMs: pastTimeout(), times: 1, match });
      } else if (r < 0.4) {
        p.plan = 'drop';
        await addFault({ dropResponseAfterCharge: true, times: 1, match });
      } else if (r < 0.52) {
        const times = 1 + Math.floor(rng() * 3);
        p.plan = `503x${times}`;
        await addFault({ status: 503, times, match });
      } else if (r < 0.6) {
        p.plan = '503+delay';
        await addFault({ status: 503, times: 1, match });
        await addFault({ delayMs: pastTimeout(), times: 1, match });
      } else if (r < 0.65) {
        p.plan = 'delay+drop';
        await addFault({ delayMs: pastTimeout(), times: 1, match });
        await addFault({ dropResponseAfterCharge: true, times: 1, match });
      } else if (r < 0.8) {
        // the answer is lost at once; the charge lands after join-api's lease on the order ran out
        p.plan = 'land-late';
        await addFault({ landAfterMs: pastLease(), times: 1, match });
      }
    }
  }

  /** Per-call faults at random, every few hundred ms for 12 s or until `paying()` is false. */
  async function chaos(paying) {
    const chaosEvery = driver === 'braintree' ? 300 : 120;
    const stopAt = Date.now() + 12_000;
    while (paying() && Date.now() < stopAt) {
      const r = rng();
      const times = 1 + Math.floor(rng() * 2);
      if (r < 0.3) await addFault({ delayMs: pastTimeout(), times });
      else if (r < 0.45) await addFault({ delayMs: Math.floor(TIMEOUT_MS * (0.6 + 0.35 * rng())), times });
      else if (r < 0.7) await addFault({ status: 503, times });
      else await addFault({ dropResponseAfterCharge: true, times: 1 });
      await sleep(chaosEvery * (0.5 + rng()));
    }
  }

  /** Faults injected = asked − still queued (late: sales the proxy held); then the gateway is healthy again. */
  async function injected() {
    const left = (await sandboxCall('GET', '/sandbox/faults')).faults;
    const injected = { ...asked, late: proxy.held() };
    for (const f of left) injected[kindOf(f)] -= f.times;
    await sandboxCall('DELETE', '/sandbox/faults');
    return injected;
  }

  return { asked, planParentFaults, chaos, injected };
}
