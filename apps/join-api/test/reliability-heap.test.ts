import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { createLogger } from '../src/lib/logger.js';
import { LogSink, testApp, type TestApp } from './helpers.js';
import { reliabilityFigures } from './reliability-figures.js';

/*
 * reliability: 100 000 distinct Accept-Language tags and the heap (SECURITY.md, ASVS 15.2.2). The heap growth and the
 * rate are reliability figures (reliability-figures.ts; bench/reliability.mjs prints them).
 */
const figures = reliabilityFigures('heap');

/** `global.gc`, exposed at run time (no --expose-gc needed on the command line). */
function exposeGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/*
 * GET /join/countries reduces Accept-Language to a locale and formats the country list through the same bounded
 * cache as GET /countries (reference.ts countryOptions), at a sixth of its cost (6 rows instead of ~250).
 */
describe('100 000 distinct Accept-Language tags do not grow the heap', () => {
  let t!: TestApp;
  let app!: ReturnType<typeof createApp>;
  /** Warnings and errors only: the test sink keeps every line it gets, which would be the heap growth measured. */
  const warnings = new LogSink();
  beforeAll(async () => {
    t = await testApp({ env: { RATE_LIMIT_FACTOR: '100000' } });
    app = createApp({ ...t.deps, logger: createLogger('warn', warnings) });
  });
  afterAll(() => t.close());

  it('100 000 requests with distinct Accept-Language tags grow the heap by less than 50 MB', async () => {
    const gc = exposeGc();
    const tag = (n: number) => {
      const id = n.toString(36);
      switch (n % 5) {
        case 0:
          return `en-x-${id}`;
        case 1:
          return `es-MX-u-nu-${id.padStart(3, '0')}`;
        case 2:
          return `fr-CA-x-${id}, en;q=0.5`;
        case 3:
          return `de-DE-${id.padStart(5, '0')}`;
        default:
          return `x-${id}`;
      }
    };
    const send = async (from: number, count: number) => {
      const batch = 200;
      for (let i = from; i < from + count; i += batch) {
        const answers = await Promise.all(
          Array.from({ length: Math.min(batch, from + count - i) }, (_, k) =>
            Promise.resolve(app.request('/api/v1/join/countries', { headers: { 'accept-language': tag(i + k) } })),
          ),
        );
        for (const r of answers) {
          if (r.status !== 200) throw new Error(`status ${r.status}`);
          await r.arrayBuffer();
        }
      }
    };
    await send(0, 2_000); // warm-up: JIT, caches at their bound
    gc();
    gc();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    await send(2_000, 100_000);
    gc();
    gc();
    const growthMb = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
    figures.heapGrowthMbAfter100kAcceptLanguage = Math.round(growthMb * 10) / 10;
    figures.acceptLanguageRequestsPerSecond = Math.round(100_000 / ((performance.now() - started) / 1000));
    expect(growthMb).toBeLessThan(50);
    expect(warnings.lines).toEqual([]);
  }, 300_000);
});
