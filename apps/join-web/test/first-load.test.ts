// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoadFiles, fullAppFiles, type Manifest } from '../scripts/first-load.mjs';

const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * what a fresh visitor's first load of /join must not carry — zod (classic or mini), @ofw/api-client's
 * client and schemas (its main entry; `@ofw/api-client/errors` is allowed) and the details step's validation — read
 * from a production build's manifest and the source maps of the first load's chunks. The sizes themselves are
 * `pnpm bench`'s (scripts/bundle-size.mjs).
 */
describe('the first load of /join', () => {
  let out: string;
  let sources: string[];
  let firstLoadGz: number;
  let fullAppGz: number;

  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'join-web-first-load-'));
    process.env.JOIN_WEB_NO_TREEMAP = '1';
    // as `pnpm build` does: vitest's NODE_ENV=test would bundle React's development build (its sizes are not the app's)
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root: app,
        configFile: path.join(app, 'vite.config.ts'),
        logLevel: 'error',
        mode: 'production',
        build: { outDir: out },
      });
    } finally {
      delete process.env.JOIN_WEB_NO_TREEMAP;
      process.env.NODE_ENV = nodeEnv;
    }
    const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Manifest;
    const all = [...firstLoadFiles(manifest)];
    const gz = (files: Iterable<string>) =>
      [...files].reduce((n, f) => n + gzipSync(readFileSync(path.join(out, f)), { level: 9 }).length, 0);
    firstLoadGz = gz(all);
    fullAppGz = gz(fullAppFiles(manifest));
    const files = all.filter((f) => f.endsWith('.js'));
    // every chunk has a source map except rolldown's own runtime helpers
    const maps = files.map((f) => path.join(out, `${f}.map`)).filter((m) => existsSync(m));
    expect(maps.length).toBeGreaterThanOrEqual(files.length - 1);
    sources = maps.flatMap((m) => JSON.parse(readFileSync(m, 'utf8')).sources as string[]);
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('runs the details step (its chunk is in it) without zod', () => {
    expect(sources.some((s) => s.endsWith('src/join/steps/DetailsStep.tsx'))).toBe(true);
    expect(sources.filter((s) => /node_modules\/zod\//.test(s))).toEqual([]);
  });

  it('without @ofw/api-client’s client and schemas, nor the details step’s validation', () => {
    expect(
      sources.filter((s) => /packages\/api-client\/(dist\/index|src\/(client|contract|schemas|problem))/.test(s)),
    ).toEqual([]);
    expect(
      sources.filter((s) => /details-validation|stored-schemas|packages\/domain\/(dist|src)\/schemas/.test(s)),
    ).toEqual([]);
  });

  // docs/performance/join-web.md "First paint": the first-screen tree takes the shell over without TanStack Router and Query; the full app
  // (router, query client, the routes) is its own chunk, loaded right after that takeover — not before it.
  it('without TanStack Router or Query (router-core, react-router, history, query-core, react-query)', () => {
    expect(
      sources.filter((s) =>
        /node_modules\/@tanstack\/(?:router-core|react-router|history|query-core|react-query|store|react-store)\//.test(
          s,
        ),
      ),
    ).toEqual([]);
    expect(sources.filter((s) => /src\/(?:app\.tsx|routeTree\.gen\.ts|routes\/)/.test(s))).toEqual([]);
  });

  // goal: ≤ 140 kB gz loaded before the first screen is idle. What the first screen loads before then is its first
  // load and the full app right after the takeover: the API client, zod, the details rules and the later texts wait
  // for the parent's first input or an idle moment (src/first-screen-idle.ts; test/first-screen-idle.test.ts and
  // first-screen-deferred.test.tsx check the waiting).
  it('everything the first screen loads before it is idle (JS and CSS, gzip -9) is at most 140 kB', () => {
    expect(fullAppGz).toBeGreaterThan(0);
    expect((firstLoadGz + fullAppGz) / 1024).toBeLessThanOrEqual(140);
  });
});
