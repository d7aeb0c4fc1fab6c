// POST /orders and what keeps its money right, one responsibility a module under services/orders/:
// placement (the request under its Idempotency-Key), open-order (the order's transaction), charge (the gateway call
// under the order's lease), charge-lease, finalize (recording the gateway's answer), reconciler, idempotency-store,
// pricing and answers. This module is their public face: routes, main and the tests import from here.
export { placeOrder } from './orders/placement.js';
export { expectedChargeOf } from './orders/pricing.js';
export { chargeLeaseMs } from './orders/charge-lease.js';
export { declineRefusal } from './orders/answers.js';
export {
  LATE_APPROVAL_WARN_MS,
  LATE_CHECK_BACKOFF_MS,
  LATE_CHECK_MAX_BACKOFF_MS,
  RECONCILE_CONCURRENCY,
  reconcileOrders,
  startReconciler,
  type ReconcileResult,
  type Reconciler,
} from './orders/reconciler.js';
export type { StoredResponse } from './orders/types.js';
