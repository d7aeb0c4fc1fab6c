import { describe, expect, it } from 'vitest';
import { declineCategory, type Decline } from '../src/gateway/decline-category.js';
import { declineRefusal } from '../src/services/orders.js';

const processor = (code: string, text: string): Decline => ({
  outcome: 'processor_declined',
  transactionId: 'tx',
  processorResponseCode: code,
  processorResponseText: text,
});
const rejected = (reason: string): Decline => ({ outcome: 'gateway_rejected', gatewayRejectionReason: reason });

describe('a decline tells the parent what to do and a card tester nothing more (Braintree processor responses)', () => {
  it.each([
    ['2001', 'Insufficient Funds', 'insufficient_funds'],
    ['2002', 'Limit Exceeded', 'insufficient_funds'],
    ['2003', "Cardholder's Activity Limit Exceeded", 'insufficient_funds'],
    ['2004', 'Expired Card', 'expired_card'],
    ['2010', 'Card Issuer Declined CVV', 'authentication_failed'],
    ['2060', 'Address Verification and Card Security Code Failed', 'authentication_failed'],
    ['2099', 'Cardholder Authentication Required', 'authentication_failed'],
    ['2000', 'Do Not Honor', 'card_declined'],
    ['2005', 'Invalid Credit Card Number', 'card_declined'],
    ['2014', 'Processor Declined - Fraud Suspected', 'card_declined'],
    ['2046', 'Declined', 'card_declined'],
  ])('processor response %s (%s) → %s', (code, text, category) => {
    expect(declineCategory(processor(code, text))).toBe(category);
  });

  it.each([
    ['cvv', 'authentication_failed'],
    ['avs', 'authentication_failed'],
    ['avs_and_cvv', 'authentication_failed'],
    ['three_d_secure', 'authentication_failed'],
    ['fraud', 'card_declined'],
    ['risk_threshold', 'card_declined'],
    ['duplicate', 'card_declined'],
  ])('gateway rejection %s → %s', (reason, category) => {
    expect(declineCategory(rejected(reason))).toBe(category);
  });

  it('the 402 problem carries the category and the order id, never the code, the text or the rejection reason', () => {
    const e = declineRefusal(processor('2010', 'Card Issuer Declined CVV'), 'ord_1');
    expect(e.reason).toBe('processor_declined');
    expect(e.extra).toEqual({ declineCategory: 'authentication_failed', orderId: 'ord_1' });
    expect(e.message).not.toMatch(/2010|CVV/);
    const r = declineRefusal(rejected('avs_and_cvv'), 'ord_2');
    expect(r.reason).toBe('gateway_rejected');
    expect(r.extra).toEqual({ declineCategory: 'authentication_failed', orderId: 'ord_2' });
    expect(r.message).not.toMatch(/avs|cvv/i);
  });
});
