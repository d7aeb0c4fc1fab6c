// @vitest-environment node
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOSTED_FIELD_KEYS as PUBLIC_KEYS } from '../src/index.js';
import {
  HOSTED_FIELD_KEYS,
  PROTOCOL_SOURCE,
  isHostedFieldKey,
  isProtocolMessage,
  peerChannelName,
} from '../src/protocol.js';

describe('@ofw/payments/protocol (the hosted-field protocol has one home)', () => {
  it('the entry bundles on its own, without React, braintree-web, credit-card-type or @ofw/domain', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('../src/protocol.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toEqual([expect.stringMatching(/src\/protocol\.ts$/)]);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/react|braintree-web|document\.|window\./);
  });

  it('the main entry re-exports the protocol’s field keys rather than a copy of them', () => {
    expect(PUBLIC_KEYS).toBe(HOSTED_FIELD_KEYS);
  });

  it('envelope and key guards accept only this protocol’s messages', () => {
    expect(isProtocolMessage({ source: PROTOCOL_SOURCE, channel: 'abc', type: 'ready' }, 'abc')).toBe(true);
    expect(isProtocolMessage({ source: PROTOCOL_SOURCE, channel: 'other' }, 'abc')).toBe(false);
    expect(isProtocolMessage({ source: 'ofw-sandbox-wallet' })).toBe(false);
    expect(isProtocolMessage(null)).toBe(false);
    expect(isProtocolMessage('ofw-sandbox-hosted-fields')).toBe(false);
    expect(isHostedFieldKey('cvv')).toBe(true);
    expect(isHostedFieldKey('toString')).toBe(false);
    expect(peerChannelName('c0ffee')).toBe('ofw-hf:c0ffee');
  });
});
