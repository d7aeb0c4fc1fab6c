// The money soak's report (bench/soak.mjs): the counts printed for one driver's run (their wording is quoted in the
// README), the parents behind any failure, and the figures and run details written to .bench/soak.json.
import path from 'node:path';
import { refundsOf } from '../soak-money.mjs';
import { PARENTS, pct, repo } from './soak-config.mjs';

/**
 * Prints one driver's soak and returns `{ ok, figures, run }`: ok when no parent was double-charged, paid without a
 * current subscription, subscribed without money held, had a refund voided, or was left without a definite answer.
 * `ctx`: driver, sandbox (its webhook deliveries), api (join-api's logs), logFile, phases; `m`: what the run measured
 * (bench/soak.mjs).
 */
export function soakReport(ctx, parents, m) {
  const { driver, sandbox, api, logFile, phases } = ctx;
  const { orderTimes, timeToPaid, payWall, asked, injected, kills, awaitingRecheck, madeDue, heldAtBatch } = m;
  const { orderStatus, ended, mails, afterSale, madeDueAfterSale, notificationKill } = m;
  const doubleCharged = parents.filter((p) => p.money.charged.length > 1);
  const paidUnsubscribed = parents.filter((p) => p.money.held.length > 0 && !p.subscribed);
  const subscribedUnheld = parents.filter((p) => p.subscribed && !p.money.held.some((x) => x.id === p.payingId));
  const refundsVoided = parents.filter((p) => p.money.refundsVoided.length > 0);
  const unresolved = parents.filter((p) => p.outcome !== 'paid' && p.outcome !== 'already_paid');
  const pendingHolds = parents.reduce((n, p) => n + p.money.pendingHoldsVoided.length, 0);
  const lateRefunded = parents.reduce((n, p) => n + p.money.secondRefunded.length, 0);
  const settlementDeclined = parents.reduce((n, p) => n + p.money.settlementDeclined.length, 0);
  const payingSales = parents.flatMap((p) => (p.payingId ? [p.transactions.get(p.payingId)].filter(Boolean) : []));
  const count = (list, key) => {
    const n = {};
    for (const x of list) n[key(x)] = (n[key(x)] ?? 0) + 1;
    return n;
  };
  const listed = (n) =>
    Object.entries(n)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
  const payingKinds = count(payingSales, (x) =>
    x.paymentInstrumentType === 'credit_card'
      ? `card ${x.threeDSecureInfo?.liabilityShifted ? `3DS ${x.threeDSecureInfo.status}` : `without liability shift (${x.threeDSecureInfo?.status ?? 'no 3DS'})`}`
      : x.paymentInstrumentType,
  );
  const payingCurrencies = count(payingSales, (x) => x.currencyCode);
  const lateLogged = api.logs.filter((l) => /late approval/.test(l.msg ?? '')).length;
  const nonceReused = api.logs.filter((l) => /nonce already used/.test(l.msg ?? '')).length;
  orderTimes.sort((a, b) => a - b);
  timeToPaid.sort((a, b) => a - b);
  const attempts = parents.reduce((n, p) => n + p.answers.length, 0);
  const reloaded = parents.filter((p) => p.keys.length > 1).length;
  const answerCounts = {};
  for (const p of parents) for (const a of p.answers) answerCounts[a] = (answerCounts[a] ?? 0) + 1;

  console.log(
    `POST /orders   p50 ${pct(orderTimes, 50).toFixed(1)} ms  p99 ${pct(orderTimes, 99).toFixed(1)} ms  (${attempts} requests; ${(payWall / 1000).toFixed(1)} s until the last parent had an answer)`,
  );
  console.log(
    `time to a definite answer per parent: p50 ${pct(timeToPaid, 50).toFixed(0)} ms  p99 ${pct(timeToPaid, 99).toFixed(0)} ms`,
  );
  console.log(
    `answers: ${Object.entries(answerCounts)
      .sort((a, b) => b[1] - a[1])
      .map(([a, n]) => `${a} ×${n}`)
      .join(', ')}`,
  );
  console.log(
    `parents: ${parents.filter((p) => p.outcome === 'paid').length} paid (201), ${parents.filter((p) => p.outcome === 'already_paid').length} already paid (409 order_already_paid), ${unresolved.length} without a definite answer; ${reloaded} started a new attempt (new Idempotency-Key and nonce)`,
  );
  console.log(
    `faults injected: ${injected.delay} delays past the timeout, ${injected.drop} dropped answers after the charge, ${injected.landLate} sales landing after the lease, ${injected.status503} 503s, ${injected.slow} slow calls (under the timeout)${driver === 'braintree' ? `, ${injected.late} sales held until after the timeout` : ''} (asked ${asked.delay}/${asked.drop}/${asked.landLate}/${asked.status503}/${asked.slow})`,
  );
  console.log(
    `join-api killed with SIGKILL ${kills.length} times (POST /orders in flight: ${kills.map((k) => k.inFlight).join(', ')}; back up in ${kills.map((k) => `${(k.restartMs / 1000).toFixed(1)} s`).join(', ')}); retried sales answered 91564 and left in doubt: ${nonceReused}`,
  );
  console.log(
    `payers: ${listed(count(parents, (p) => `${p.country} ${p.method}`))}; paying sales: ${listed(payingCurrencies)}; ${listed(payingKinds)}`,
  );
  console.log(
    `approvals held beyond one per parent before the back-off re-check: ${awaitingRecheck} (${madeDue} orders made due); sales other than the paying ones still held at the settlement batch: ${heldAtBatch}`,
  );
  console.log(
    `orders: ${Object.entries(orderStatus)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ')}`,
  );
  console.log(
    `late approvals given back: ${lateRefunded} refunded after settlement, join-api logged ${lateLogged} late approvals given back`,
  );
  const deliveries = sandbox.webhooks.list();
  console.log(
    `money after the sale: ${afterSale.settled} settled, ${afterSale.declined} declined at settlement, ${afterSale.refunds} refunded in full and ${afterSale.partialRefunds} in part by support, ${afterSale.disputesOpened} disputes opened (${afterSale.disputesLost} lost, ${afterSale.disputesWon} won, the rest left open)${afterSale.refused.length ? `, ${afterSale.refused.length} controls refused` : ''}; ${madeDueAfterSale} orders made due again`,
  );
  console.log(
    `notifications: ${deliveries.length} posted, ${deliveries.filter((d) => d.delivered).length} delivered, ${deliveries.filter((d) => d.attempts > 1).length} retried (join-api SIGKILLed during the batch, back up in ${((notificationKill?.restartMs ?? 0) / 1000).toFixed(1)} s); join-api ended ${listed(ended) || 'no'} subscriptions; e-mails queued: ${mails.subscription_ended ?? 0} subscription ended, ${mails.dispute_opened ?? 0} dispute opened (to OPS_EMAIL)`,
  );
  console.log(`second sales voided before settlement (pending holds): ${pendingHolds}`);
  console.log(`double charges: ${doubleCharged.length}`);
  console.log(`paid without a current subscription: ${paidUnsubscribed.length}`);
  console.log(`current subscriptions without money held: ${subscribedUnheld.length}`);
  console.log(`refunds voided: ${refundsVoided.length}`);

  const describe = (p) =>
    `  parent ${p.i} (user ${p.userId}, ${p.email}, ${p.country} ${p.method}, plan ${p.plan}, after the sale ${p.afterSale ?? 'settled'}, ${p.reloads ? 'reloads' : 'same key'}, ${p.outcome}): answers [${p.answers.join(', ')}]; orders [${p.orders.map((o) => `${o.id} ${o.status} ${o.transaction_id ?? ''}`).join(', ')}]; transactions [${[
      ...p.transactions.values(),
    ]
      .map(
        (x) =>
          `${x.type} ${x.id}${x.id === p.payingId ? ' (paying)' : ''} ${x.orderId} ${x.amount} ${x.currencyCode} ${x.statusHistory.map((h) => h.status).join('→')}${x.refundIds.length ? ` refunds ${refundsOf(x, p.transactions).map((r) => `${r.id} ${r.amount} ${r.status}`)}` : ''}${x.disputes?.length ? ` disputes ${x.disputes.map((d) => `${d.id} ${d.status}`)}` : ''}`,
      )
      .join(', ')}]; support refunds [${p.refunded}]; subscription current: ${p.subscribed}`;
  const report = (label, list) => {
    if (!list.length) return;
    console.log(`✗ ${label}: ${list.length}`);
    for (const p of list.slice(0, 20)) console.log(describe(p));
    if (list.length > 20) console.log(`  … and ${list.length - 20} more`);
  };
  report('double charges', doubleCharged);
  report('paid without a current subscription', paidUnsubscribed);
  report('current subscriptions without money held', subscribedUnheld);
  report('refunds voided', refundsVoided);
  report('parents without a definite answer', unresolved);
  const ok =
    !doubleCharged.length &&
    !paidUnsubscribed.length &&
    !subscribedUnheld.length &&
    !refundsVoided.length &&
    !unresolved.length;
  if (!ok) console.log(`  (join-api's warnings and errors: ${path.relative(repo, logFile)})`);
  return {
    ok,
    figures: {
      doubleCharges: doubleCharged.length,
      paidWithoutCurrentSubscription: paidUnsubscribed.length,
      currentSubscriptionsWithoutMoney: subscribedUnheld.length,
      refundsVoided: refundsVoided.length,
      pendingHoldsVoided: pendingHolds,
      ordersP50Ms: +pct(orderTimes, 50).toFixed(1),
      ordersP99Ms: +pct(orderTimes, 99).toFixed(1),
      faultsDelay: injected.delay,
      faultsDrop: injected.drop,
      faultsLandLate: injected.landLate,
      faults503: injected.status503,
      faultsSlow: injected.slow,
      ...(driver === 'braintree' ? { faultsLateSale: injected.late } : {}),
      kills: kills.length + (notificationKill ? 1 : 0),
      settlementDeclines: settlementDeclined,
      supportRefunds: afterSale.refunds + afterSale.partialRefunds,
      disputesOpened: afterSale.disputesOpened,
      lateApprovalsRefunded: lateRefunded,
    },
    run: {
      parents: PARENTS,
      payers: count(parents, (p) => `${p.country} ${p.method}`),
      requests: attempts,
      unresolvedParents: unresolved.length,
      afterSale: { ...afterSale, refused: afterSale.refused.length },
      subscriptionsEnded: ended,
      emails: mails,
      notifications: deliveries.length,
      notificationsRetried: deliveries.filter((d) => d.attempts > 1).length,
      awaitingRecheck,
      heldAtBatch,
      retriedSalesNonceUsed: nonceReused,
      reloadedParents: reloaded,
      orders: orderStatus,
      killsInFlight: kills.map((k) => k.inFlight),
      payWallSeconds: +(payWall / 1000).toFixed(1),
      timeToAnswerP50Ms: +pct(timeToPaid, 50).toFixed(0),
      timeToAnswerP99Ms: +pct(timeToPaid, 99).toFixed(0),
      phaseSeconds: phases,
    },
  };
}
