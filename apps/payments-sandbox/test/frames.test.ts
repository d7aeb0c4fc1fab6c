import { describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.js';
import { PARENT, makeApp } from './helpers.js';

const frameUrl = (params: Record<string, string>) =>
  `/hosted-fields/frame.html?${new URLSearchParams(params).toString()}`;

describe('hosted field frames (docs/PAYMENTS.md)', () => {
  it.each([
    ['number', 'Card number'],
    ['expirationDate', 'Expiration date'],
    ['cvv', 'CVV'],
  ])('%s frame holds a labelled input, lang and title', async (field, label) => {
    const { app } = makeApp();
    const response = await app.request(frameUrl({ field, channel: 'abcdefgh1234', origin: PARENT }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain(`<label class="visually-hidden" for="field">${label}</label>`);
    expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${PARENT}`);
  });

  it('labels follow the locale (es)', async () => {
    const { app } = makeApp();
    const html = await (
      await app.request(frameUrl({ field: 'number', channel: 'abcdefgh1234', origin: PARENT, locale: 'es-MX' }))
    ).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Número de tarjeta');
  });

  it('refuses a parent origin outside SANDBOX_ALLOWED_ORIGINS', async () => {
    const { app } = makeApp();
    const response = await app.request(
      frameUrl({ field: 'number', channel: 'abcdefgh1234', origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(403);
  });

  it('refuses unknown fields', async () => {
    const { app } = makeApp();
    expect((await app.request(frameUrl({ field: 'ssn', channel: 'abcdefgh1234', origin: PARENT }))).status).toBe(400);
  });
});

describe('env (docs/CONTRACTS.md)', () => {
  it('defaults to port 3010, localhost and the three dev origins', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ SANDBOX_PORT: 3010, HOST: 'localhost' });
    expect(env.SANDBOX_ALLOWED_ORIGINS).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://localhost:5173',
    ]);
  });

  it('parses a comma list and rejects a bad port', () => {
    expect(readEnv({ SANDBOX_ALLOWED_ORIGINS: 'http://a.test:1, http://b.test' }).SANDBOX_ALLOWED_ORIGINS).toEqual([
      'http://a.test:1',
      'http://b.test',
    ]);
    expect(() => readEnv({ SANDBOX_PORT: 'x' })).toThrow(/SANDBOX_PORT/);
  });
});
