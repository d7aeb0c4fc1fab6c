// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../scripts/precompress.mjs';

/**
 * docs/performance/join-web.md "Size": the build writes a brotli copy beside each text file a browser fetches, which join-api sends to a
 * browser accepting `br` (RFC 9110 §8.4.1; its test/web.test.ts checks the serving). The copies must decode to
 * exactly their file and be smaller than gzip -9, which join-api sends otherwise.
 */
describe('precompress (the build’s brotli copies)', () => {
  let dist: string;
  // text like a minified chunk: repetitive identifiers and keywords
  const chunk = Array.from({ length: 2000 }, (_, i) => `function f${i}(a){return a.value${i % 37}??null}`).join(';');

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'join-web-precompress-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'join.html'), `<!doctype html><p>${'Your details '.repeat(200)}</p>`);
    writeFileSync(path.join(dist, 'assets', 'runtime-abc.js'), chunk);
    writeFileSync(path.join(dist, 'assets', 'runtime-abc.js.map'), JSON.stringify({ mappings: chunk }));
    writeFileSync(path.join(dist, 'assets', 'tiny.js'), 'export{}');
    writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify({ pad: chunk }));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('writes <file>.br for the pages and chunks, decoding to the same bytes and smaller than gzip -9', () => {
    const written = precompress(dist).map((f) => f.file.split(path.sep).join('/'));
    expect(written.sort()).toEqual(['assets/runtime-abc.js', 'join.html']);
    for (const file of written) {
      const body = readFileSync(path.join(dist, file));
      const br = readFileSync(path.join(dist, `${file}.br`));
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(br.length).toBeLessThan(gzipSync(body, { level: 9 }).length);
    }
  });

  it('leaves alone what no page fetches compressed: source maps, Vite’s folder, images, files of 1 kB or less', () => {
    for (const file of ['assets/runtime-abc.js.map', '.vite/manifest.json', 'assets/logo.png', 'assets/tiny.js'])
      expect(existsSync(path.join(dist, `${file}.br`))).toBe(false);
  });
});
