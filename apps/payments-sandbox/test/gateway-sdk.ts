/**
 * The shared setup of the gateway-API tests (gateway-*.test.ts): Braintree's own Node SDK (braintree 3.40) pointed at
 * an in-process sandbox, and the small steps those tests repeat — a card nonce from tokenization, a transaction
 * search, a result's validation error codes, a fault for the next matching call.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type RunningSandbox } from '../src/server.js';
import { KEY, gatewayAt } from './helpers.js';

/*
 * The SDK's answers, typed loosely: @types/braintree 3.4 lags the 3.40 SDK (no TransactionSearch export, no nonce
 * `consumed`, `customerId` required on creditCard…). The calls below are the SDK's real ones.
 */
export interface Tx {
  id: string;
  status: string;
  amount: string;
  gatewayRejectionReason?: string | null;
  threeDSecureInfo?: { liabilityShifted: boolean; status: string };
  creditCard: { token?: string };
  refundIds: string[];
  paymentInstrumentType: string;
  customer: { email?: string };
  paypalAccount?: { payerEmail?: string };
  venmoAccount?: { username?: string };
  venmoAccountDetails?: { username?: string };
  applePayCard?: { cardType?: string; last4?: string };
}
export interface Errors {
  deepErrors(): { code: string }[];
  for(name: string): Errors | undefined;
  on(name: string): { code: string }[] | undefined;
}
export interface Result {
  success: boolean;
  message: string;
  errors: Errors;
  transaction: Tx;
  customer: {
    creditCards?: object[];
    paypalAccounts?: object[];
    venmoAccounts?: object[];
    paymentMethods?: { token: string }[];
  };
  clientToken: string;
  paymentMethodNonce: { nonce: string };
  verification?: { status: string };
}
export interface Search {
  orderId(): { is(value: string): void };
  customerEmail(): { is(value: string): void };
}
export interface Sdk {
  transaction: {
    sale(request: object): Promise<Result>;
    find(id: string): Promise<Tx>;
    void(id: string): Promise<Result>;
    refund(id: string, amount?: string): Promise<Result>;
    search(fn: (search: Search) => void): AsyncIterable<Tx>;
  };
  customer: { create(request: object): Promise<Result> };
  clientToken: { generate(request: object): Promise<Result> };
  paymentMethodNonce: {
    find(nonce: string): Promise<{
      type: string;
      consumed: boolean;
      details: object;
      binData: object;
      threeDSecureInfo?: object;
    }>;
    create(token: string): Promise<Result>;
  };
  testing: { settle(id: string): Promise<unknown> };
}

/** The sandbox the SDK talks to, started by `useGatewaySandbox` (a live binding: set before the file's tests run). */
export let sandbox: RunningSandbox;
/** The SDK with the sandbox merchant's keys, set with `sandbox`. */
export let gateway: Sdk;

/** The SDK with another private key or merchant id (Braintree's HTTP Basic auth: a wrong one is refused). */
export function gatewayWith(privateKey: string, merchantId = 'ofw_sandbox'): Sdk {
  return gatewayAt(sandbox.port, privateKey, merchantId) as Sdk;
}

/** Starts a sandbox on a free port before the calling file's tests (parent page http://localhost:3000), closes it after. */
export function useGatewaySandbox(): void {
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', allowedOrigins: ['http://localhost:3000'] });
    gateway = gatewayWith('sandbox_private_key');
  });
  afterAll(async () => {
    await sandbox.close();
  });
}

/** A value no other test uses (order ids, e-mails), so the tests sharing one sandbox store do not see each other. */
export const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;

/** A single-use card nonce from the sandbox's hosted-field tokenization. */
export async function cardNonce(number = '4111111111111111'): Promise<string> {
  const response = await fetch(`${sandbox.url}/v1/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authorization: KEY, creditCard: { number, expirationDate: '12/30', cvv: '123' } }),
  });
  const body = (await response.json()) as { creditCards: [{ nonce: string }] };
  return body.creditCards[0].nonce;
}

/** Every transaction `transaction.search` finds (the SDK's search is an async stream). */
export async function search(fn: (s: Search) => void): Promise<Tx[]> {
  const found: Tx[] = [];
  for await (const t of gateway.transaction.search(fn)) found.push(t);
  return found;
}

/** The codes of a failed result's validation errors, all levels. */
export function codes(result: Result): string[] {
  return result.errors.deepErrors().map((e) => e.code);
}

/** Adds a fault (POST /sandbox/faults) for the next matching gateway call. */
export async function addFault(body: unknown) {
  const response = await fetch(`${sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
}
