import { createSandboxGateway } from '../src/gateway/sandbox.js';
import {
  GatewayUnavailableError,
  type ChargeResult,
  type FoundTransaction,
  type PaymentGateway,
  type RecurringChargeRequest,
  type SavePaymentMethodRequest,
  type SavePaymentMethodResult,
} from '../src/gateway/types.js';

/*
 * A PaymentGateway whose vault calls are scripted (the drivers' chargeVaulted / savePaymentMethod are being written
 * elsewhere): the first sale approves and, asked to, saves a Visa ending 1111; renewals answer what `vaultedOutcomes`
 * says (approved when empty); every sale is found again by order id, as Braintree's search finds it.
 */

const VISA = { type: 'card', brand: 'Visa', last4: '1111' } as const;

export function fakeVaultGateway() {
  let n = 0;
  const sales = new Map<string, FoundTransaction[]>();
  const state = {
    vaultedOutcomes: [] as ('approved' | 'declined' | 'down')[],
    /** Outcomes for one parent's renewals (by e-mail), before `vaultedOutcomes`. */
    outcomesFor: new Map<string, ('approved' | 'declined' | 'down')[]>(),
    vaultedCalls: [] as RecurringChargeRequest[],
    saveCalls: [] as SavePaymentMethodRequest[],
    saveOutcome: 'saved' as 'saved' | 'unknown',
    clientTokenDown: false,
  };
  const keep = (orderId: string, r: ChargeResult) => {
    if ('transactionId' in r && r.transactionId)
      sales.set(orderId, [...(sales.get(orderId) ?? []), { ...r, transactionId: r.transactionId }]);
    return r;
  };
  const gateway: PaymentGateway = {
    ...createSandboxGateway({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 }),
    charge(req) {
      const id = `tx_${++n}`;
      return Promise.resolve(
        keep(req.orderId, {
          outcome: 'approved',
          transactionId: id,
          status: 'submitted_for_settlement',
          paymentMethod: VISA,
          ...(req.vault
            ? { vaulted: { customerId: req.vault.customerId ?? `cust_${n}`, token: `tok_${n}`, summary: VISA } }
            : {}),
        }),
      );
    },
    chargeVaulted(req) {
      state.vaultedCalls.push(req);
      const outcome = state.outcomesFor.get(req.customer.email)?.shift() ?? state.vaultedOutcomes.shift() ?? 'approved';
      if (outcome === 'down') return Promise.reject(new (class extends Error {})('down'));
      const id = `tx_${++n}`;
      return Promise.resolve(
        keep(
          req.orderId,
          outcome === 'approved'
            ? { outcome: 'approved', transactionId: id, status: 'submitted_for_settlement', paymentMethod: VISA }
            : {
                outcome: 'processor_declined',
                transactionId: id,
                paymentMethod: VISA,
                processorResponseCode: '2001',
                processorResponseText: 'Insufficient Funds',
              },
        ),
      );
    },
    savePaymentMethod(req): Promise<SavePaymentMethodResult> {
      state.saveCalls.push(req);
      if (state.saveOutcome === 'unknown') return Promise.resolve({ outcome: 'refused', reason: 'unknown' });
      const summary = { type: 'card', brand: 'MasterCard', last4: '4444' } as const;
      return Promise.resolve({
        outcome: 'saved',
        vaulted: { customerId: req.customerId ?? `cust_${++n}`, token: `tok_new_${++n}`, summary },
      });
    },
    clientAuthorization: () =>
      state.clientTokenDown
        ? Promise.reject(new GatewayUnavailableError('down', { maybeInFlight: false }))
        : Promise.resolve('fake-client-token'),
    findByOrderId: (orderId) => Promise.resolve(sales.get(orderId) ?? []),
  };
  return { gateway, state };
}
