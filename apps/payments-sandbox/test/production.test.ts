import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../src/env.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

describe('the payments sandbox never runs in production (docs/PAYMENTS.md "Production fails closed")', () => {
  it('readEnv refuses NODE_ENV=production with one line naming it; other environments pass', () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(
      /NODE_ENV: the payments sandbox is a test double and never runs with NODE_ENV=production/,
    );
    expect(readEnv({ NODE_ENV: 'test' }).NODE_ENV).toBe('test');
    expect(readEnv({}).NODE_ENV).toBe('development');
  });

  it('the server process exits 1 with that line, before listening', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(here, '..'),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', SANDBOX_PORT: '0', SANDBOX_API_KEY: 'k'.repeat(32) },
      timeout: 30_000,
    }).then(
      () => undefined,
      (e: { code?: number; stderr?: string; stdout?: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/NODE_ENV: the payments sandbox is a test double/);
    expect(failed?.stdout).not.toMatch(/listening/);
  }, 40_000);
});
