/**
 * The browser-facing client API braintree-web's client talks to (docs/PAYMENTS.md): the merchant configuration a client
 * token's `configUrl` names, and tokenization (`POST /v1/tokenize`, called by the number frame, same origin).
 */
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import valid from 'card-validator';
import { z } from 'zod';
import { AUTHORIZATION_INVALID, MERCHANT_ID } from './authorization.js';
import {
  DECLINED_CARDS,
  THREE_D_SECURE_CARDS,
  cardTypeName,
  paymentMethodPayload,
  processorDeclined,
  type StoredCard,
} from './cards.js';
import type { SandboxStore } from './store.js';

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

/**
 * Registers the client API: CORS for `/merchants/<MERCHANT_ID>/client_api/*` (allowed parent origins), the merchant
 * configuration (401 without a live client token) and `POST /v1/tokenize` (400 bad body, 401 bad authorization, 422
 * Braintree field errors, 201 `{ creditCards: [payload] }` with a single-use nonce).
 */
export function registerClientApi(
  app: Hono,
  { store, allowedOrigins }: { store: SandboxStore; allowedOrigins: readonly string[] },
): void {
  app.use(
    `/merchants/${MERCHANT_ID}/client_api/*`,
    cors({ origin: [...allowedOrigins], allowMethods: ['GET'], allowHeaders: ['authorization'] }),
  );

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
}
