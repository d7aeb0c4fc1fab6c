import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import valid from 'card-validator';
import { z } from 'zod';
import {
  APPROVED,
  DECLINED_CARDS,
  FAKE_NONCES,
  THREE_D_SECURE_CARDS,
  NONCE_ERRORS,
  cardTypeName,
  paymentMethodPayload,
  outcomeForAmount,
  processorDeclined,
  type StoredCard,
} from './cards.js';
import { AUTHORIZATION_INVALID, MERCHANT_ID, TOKENIZATION_KEY } from './authorization.js';
import { DEFAULT_ALLOWED_ORIGINS } from './env.js';
import { FRAME_PATH, isHostedFieldKey } from '@ofw/payments/protocol';
import { errorPage, hostedFieldPage } from './pages.js';
import { registerThreeDSecure } from './three-d-secure.js';
import { registerWallets } from './wallets.js';
import { SandboxStore, isSuccessful, randomId, type Transaction } from './store.js';
import { EnvSchema } from './env.js';
import { Faults, registerFaultControl } from './faults.js';
import { ERRORS } from './gateway/errors.js';
import { registerGateway } from './gateway/routes.js';
import { VOIDABLE, instrumentType } from './gateway/transactions.js';

export interface SandboxAppOptions {
  /** Parent-page origins allowed to host the card frames and call the browser-facing API. */
  allowedOrigins?: readonly string[];
  /** State holder; pass one to inspect nonces and transactions in tests. */
  store?: SandboxStore;
  /** The built frame script; read from `dist/public/hosted-field.js` when omitted. */
  frameScript?: string;
  /** `NODE_ENV`; fault control (`/sandbox/*`) answers 404 in `production`. Read from the environment when omitted. */
  nodeEnv?: string;
  /** The fault queue (tests may share one); a new one when omitted. */
  faults?: Faults;
}

/** The sandbox server API's view of a transaction (docs/CONTRACTS.md "Sandbox server API"). */
function v1View(t: Transaction) {
  return {
    id: t.id,
    status: t.status,
    processorResponseCode: t.processorResponseCode,
    processorResponseText: t.processorResponseText,
    ...(t.gatewayRejectionReason ? { gatewayRejectionReason: t.gatewayRejectionReason } : {}),
    creditCard: t.creditCard,
    ...(t.threeDSecureInfo ? { threeDSecureInfo: t.threeDSecureInfo } : {}),
    paymentInstrumentType: t.paymentInstrumentType,
    amount: t.amount,
    currencyCode: t.currencyCode,
    orderId: t.orderId,
    paymentMethodNonce: t.paymentMethodNonce,
    deviceDataCaptured: t.deviceDataCaptured,
    createdAt: t.createdAt,
  };
}

export { TOKENIZATION_KEY };

function loadFrameScript(): string {
  const candidates = ['./public/hosted-field.js', '../dist/public/hosted-field.js'];
  for (const candidate of candidates) {
    try {
      return readFileSync(new URL(candidate, import.meta.url), 'utf8');
    } catch {
      // try the next location (dist/ when running built, src/ under vitest)
    }
  }
  throw new Error('payments-sandbox: frame script missing; run `pnpm --filter payments-sandbox build`.');
}

const CreditCardInput = z.object({
  number: z.string().max(32),
  expirationDate: z.string().max(16).optional(),
  expirationMonth: z.string().max(2).optional(),
  expirationYear: z.string().max(4).optional(),
  cvv: z.string().max(4).optional(),
  postalCode: z.string().max(16).optional(),
  cardholderName: z.string().max(255).optional(),
});

const TokenizeRequest = z.object({
  authorization: z.string(),
  creditCard: CreditCardInput,
  billingAddress: z.record(z.string(), z.unknown()).optional(),
});

const TransactionRequest = z.object({
  paymentMethodNonce: z.string().min(1).max(255),
  amount: z.string().regex(/^\d{1,7}\.\d{2}$/, 'amount must be a decimal string with 2 decimals, e.g. "216.00"'),
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
  orderId: z.string().min(1).max(255),
  deviceData: z.string().max(10_000).optional(),
  /** The payer, as Braintree's `transaction.customer` (support and tests search by the email). */
  customer: z
    .object({
      email: z.string().max(255).optional(),
      firstName: z.string().max(255).optional(),
      lastName: z.string().max(255).optional(),
    })
    .optional(),
  options: z.object({ submitForSettlement: z.boolean().optional() }).optional(),
});

const ClientTokenRequest = z.object({
  merchantAccountId: z.string().min(1).max(255).optional(),
  customerId: z.string().min(1).max(36).optional(),
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** Validates a card like the gateway does on tokenization; returns Braintree-style field errors. */
function cardErrors(card: z.infer<typeof CreditCardInput>): { errors: FieldError[]; month: string; year: string } {
  const errors: FieldError[] = [];
  const number = card.number.replace(/\D/g, '');
  const numberCheck = valid.number(number);
  if (!numberCheck.isValid) errors.push({ field: 'number', code: '81715', message: 'Credit card number is invalid.' });
  const expiration = card.expirationDate
    ? valid.expirationDate(card.expirationDate)
    : valid.expirationDate({ month: card.expirationMonth ?? '', year: card.expirationYear ?? '' });
  if (!expiration.isValid)
    errors.push({ field: 'expirationDate', code: '81710', message: 'Expiration date is invalid.' });
  if (card.cvv !== undefined) {
    const size = numberCheck.card?.code.size ?? [3, 4];
    if (!valid.cvv(card.cvv, size).isValid) {
      errors.push({
        field: 'cvv',
        code: '81707',
        message: 'CVV must be 4 digits for American Express and 3 digits for other card types.',
      });
    }
  }
  const month = (expiration.month ?? '').padStart(2, '0');
  const rawYear = expiration.year ?? '';
  const year = rawYear.length === 2 ? `20${rawYear}` : rawYear;
  return { errors, month, year };
}

function amountMinor(amount: string): number {
  const [whole, fraction] = amount.split('.');
  return Number(whole) * 100 + Number(fraction);
}

/**
 * The payments sandbox as a Hono app (DESIGN.md §5): hosted-field frames, tokenization, and the server API that
 * join-api's sandbox gateway charges nonces with (docs/CONTRACTS.md "Sandbox server API").
 */
export function createSandboxApp(options: SandboxAppOptions = {}): Hono {
  const allowedOrigins = (options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS).map((origin) => new URL(origin).origin);
  const store = options.store ?? new SandboxStore();
  let frameScript = options.frameScript;
  const faults = options.faults ?? new Faults();
  const nodeEnv = options.nodeEnv ?? EnvSchema.shape.NODE_ENV.parse(process.env.NODE_ENV);
  const app = new Hono();
  // CORS for the browser-facing APIs the parent page calls directly (3D Secure lookup, wallets)
  app.use(
    '/v1/browser/*',
    cors({ origin: [...allowedOrigins], allowMethods: ['GET', 'POST'], allowHeaders: ['content-type'] }),
  );

  app.use(
    `/merchants/${MERCHANT_ID}/client_api/*`,
    cors({ origin: [...allowedOrigins], allowMethods: ['GET'], allowHeaders: ['authorization'] }),
  );

  app.get('/health', (c) => c.json({ ok: true }));

  // A client token's `configUrl`: the merchant configuration braintree-web's client reads first.
  app.get(`/merchants/${MERCHANT_ID}/client_api/v1/configuration`, (c) => {
    const bearer = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const fingerprint = bearer ?? c.req.query('authorizationFingerprint') ?? '';
    if (!store.clientTokens.isLive(fingerprint)) return c.json({ error: { message: AUTHORIZATION_INVALID } }, 401);
    const origin = new URL(c.req.url).origin;
    c.header('Cache-Control', 'no-store');
    return c.json({
      environment: 'sandbox',
      merchantId: MERCHANT_ID,
      clientApiUrl: `${origin}/merchants/${MERCHANT_ID}/client_api`,
      assetsUrl: origin,
      challenges: [],
      threeDSecureEnabled: true,
      creditCards: { supportedCardTypes: ['Visa', 'MasterCard', 'American Express', 'Discover', 'JCB'] },
    });
  });

  app.get('/', (c) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OFW payments sandbox</title></head><body><main><h1>OFW payments sandbox</h1><p>A local stand-in for the card payment provider. Test cards: 4111111111111111 (authorized), 4000111111111115 (processor declined 2000), 4000000000002701 / 4000000000002925 / 4000000000002503 (3D Secure frictionless success / failure / challenge). See apps/payments-sandbox/README.md.</p></main></body></html>`,
    ),
  );

  app.get(FRAME_PATH, (c) => {
    const field = c.req.query('field');
    const channel = c.req.query('channel') ?? '';
    const originParam = c.req.query('origin') ?? '';
    const locale = (c.req.query('locale') ?? 'en').toLowerCase().startsWith('es') ? 'es' : 'en';
    if (!isHostedFieldKey(field) || !/^[A-Za-z0-9_-]{8,64}$/.test(channel)) {
      return c.html(errorPage('Invalid hosted field', 'Unknown field or channel.'), 400);
    }
    let origin: string;
    try {
      origin = new URL(originParam).origin;
    } catch {
      return c.html(errorPage('Invalid hosted field', 'The origin parameter is missing.'), 400);
    }
    if (!allowedOrigins.includes(origin)) {
      return c.html(errorPage('Origin not allowed', `${origin} is not in SANDBOX_ALLOWED_ORIGINS.`), 403);
    }
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${origin}`,
    );
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(hostedFieldPage({ field, channel, origin, locale }));
  });

  app.get('/hosted-fields/frame.js', (c) => {
    frameScript ??= loadFrameScript();
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(frameScript);
  });

  // Tokenization, called by the number frame (same origin as this server).
  app.post('/v1/tokenize', async (c) => {
    const parsed = TokenizeRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ error: { message: 'There was a problem with your request.' } }, 400);
    const { authorization, creditCard } = parsed.data;
    // a tokenization key or a live client token may tokenize (Braintree's client API accepts both)
    if (!store.clientTokens.kindOf(authorization)) return c.json({ error: { message: AUTHORIZATION_INVALID } }, 401);
    const { errors, month, year } = cardErrors(creditCard);
    if (errors.length > 0) {
      return c.json(
        { error: { message: 'Credit card is invalid' }, fieldErrors: [{ field: 'creditCard', fieldErrors: errors }] },
        422,
      );
    }
    const number = creditCard.number.replace(/\D/g, '');
    const card: StoredCard = {
      kind: 'CreditCard',
      bin: number.slice(0, 6),
      lastFour: number.slice(-4),
      cardType: cardTypeName(number),
      expirationMonth: month,
      expirationYear: year,
      cardholderName: creditCard.cardholderName,
      forced: DECLINED_CARDS.has(number) ? processorDeclined(2000) : undefined,
      // only the 3DS test cards are remembered (to pick their behaviour); no other full number is kept
      threeDSecureCard: (Object.values(THREE_D_SECURE_CARDS) as string[]).includes(number) ? number : undefined,
    };
    const nonce = store.createNonce(card);
    return c.json({ creditCards: [paymentMethodPayload(nonce, card)] }, 201);
  });

  // ---- server API for join-api's sandbox gateway ----
  // Braintree's `gateway.clientToken.generate()`: a client token for one checkout (3D Secure needs one).
  app.post('/v1/client_token', async (c) => {
    const text = await c.req.text();
    const parsed = ClientTokenRequest.safeParse(text.trim() === '' ? {} : safeJson(text));
    if (!parsed.success) {
      return c.json({ error: { code: 'invalid_request', message: 'There was a problem with your request.' } }, 400);
    }
    return faults.apply(c, {}, () => {
      const clientToken = store.clientTokens.issue(new URL(c.req.url).origin, parsed.data);
      c.header('Cache-Control', 'no-store');
      return c.json({ clientToken });
    });
  });

  app.post('/v1/transactions', async (c) => {
    const parsed = TransactionRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      return c.json(
        {
          error: {
            code: 'invalid_request',
            message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
          },
        },
        400,
      );
    }
    const request = parsed.data;
    return faults.apply(c, { sale: true, orderId: request.orderId, customerEmail: request.customer?.email }, () => {
      // no deduplication (DESIGN.md §5): every POST is a new transaction and consumes its nonce, as on Braintree
      const fake = FAKE_NONCES[request.paymentMethodNonce];
      let card: StoredCard;
      let threeDSecureInfo: Transaction['threeDSecureInfo'];
      if (fake && 'error' in fake) {
        return c.json({ error: NONCE_ERRORS[fake.error] }, 422);
      } else if (fake) {
        card = fake;
      } else {
        const entry = store.getNonce(request.paymentMethodNonce);
        if (!entry) return c.json({ error: NONCE_ERRORS.unknown }, 422);
        if (entry.consumed) return c.json({ error: NONCE_ERRORS.consumed }, 422);
        card = entry.card;
        threeDSecureInfo = entry.threeDSecureInfo;
      }
      const minor = amountMinor(request.amount);
      if (minor <= 0) return c.json({ error: { code: '81531', message: 'Amount must be greater than zero.' } }, 422);
      if (!fake) store.consume(request.paymentMethodNonce);
      let outcome = card.forced ?? outcomeForAmount(minor);
      if (outcome === APPROVED && request.options?.submitForSettlement)
        outcome = { ...APPROVED, status: 'submitted_for_settlement' };
      const now = store.nowIso();
      const transaction: Transaction = {
        id: randomId(8),
        type: 'sale',
        orderId: request.orderId,
        amount: request.amount,
        currencyCode: request.currencyCode,
        merchantAccountId: '',
        paymentMethodNonce: request.paymentMethodNonce,
        paymentInstrumentType: instrumentType(card),
        instrument: card,
        ...outcome,
        creditCard: { cardType: card.cardType, last4: card.lastFour, bin: card.bin },
        threeDSecureInfo,
        customer: { ...request.customer },
        deviceDataCaptured: Boolean(request.deviceData),
        refundIds: [],
        statusHistory: [{ status: outcome.status, timestamp: now, amount: request.amount }],
        createdAt: now,
        updatedAt: now,
      };
      store.addTransaction(transaction);
      return c.json({ transaction: v1View(transaction) });
    });
  });

  app.get('/v1/transactions', (c) => {
    const orderId = c.req.query('orderId');
    if (!orderId) return c.json({ error: { code: 'invalid_request', message: 'orderId is required' } }, 400);
    return faults.apply(c, { orderId }, () => {
      const list = store.transactionsFor(orderId).filter((t) => t.type === 'sale');
      const transaction = list.find(isSuccessful) ?? list.at(-1);
      if (!transaction)
        return c.json({ error: { code: 'not_found', message: `No transaction for order ${orderId}` } }, 404);
      return c.json({ transaction: v1View(transaction), transactions: list.map(v1View) });
    });
  });

  // Voids an authorized / submitted_for_settlement sale (Braintree transaction.void; 91504 otherwise).
  app.post('/v1/transactions/:id/void', (c) => {
    const transaction = store.getTransaction(c.req.param('id'));
    if (!transaction)
      return c.json({ error: { code: 'not_found', message: `No transaction ${c.req.param('id')}` } }, 404);
    return faults.apply(c, { orderId: transaction.orderId }, () => {
      if (!VOIDABLE.has(transaction.status)) {
        return c.json({ error: ERRORS.cannotBeVoided }, 422);
      }
      store.setStatus(transaction, 'voided');
      return c.json({ transaction: v1View(transaction) });
    });
  });

  registerGateway(app, { store, faults });
  registerFaultControl(app, { faults, store, production: nodeEnv === 'production' });
  registerThreeDSecure(app, { store, allowedOrigins });
  registerWallets(app, { store, allowedOrigins });
  return app;
}
