#!/usr/bin/env node
/**
 * Writes a brotli copy (`<file>.br`, quality 11) beside every text file of the built SPA that a browser fetches
 * (run last in `build`, after scripts/prerender.mjs wrote dist/join.html; docs/performance/join-web.md "Size"). join-api sends that copy to
 * a browser that accepts `br` (Chromium sends `gzip, deflate, br, zstd`, on http://127.0.0.1 too) and gzips on the fly
 * otherwise. Brotli's best quality takes about a second for the runtime chunk — too slow per request, cheap once per
 * build — and makes the first load of /join about 13 % smaller than gzip -9.
 * Source maps and Vite's own folder (dist/.vite: manifest, treemap) are left alone: no page loads them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** The extensions join-api compresses (its `COMPRESSIBLE`, less the source maps). */
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);
/** join-api sends smaller files as they are (a compression frame is not worth it). */
const MIN_BYTES = 1024;

/** `body` compressed with brotli at its best quality (11), in text mode. */
export function brotli(body) {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Writes `<file>.br` for each text file over 1 kB under `dir` (not under `dir/.vite`). `vite build` empties dist
 * first, and join-api ignores a copy that does not decode to its file, so an older copy is never sent.
 * @returns the files compressed, relative to `dir`, with their sizes in bytes (`raw`, `br`).
 */
export function precompress(dir) {
  const written = [];
  const walk = (sub) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) {
        if (rel !== '.vite') walk(rel);
        continue;
      }
      const file = path.join(dir, rel);
      const body = readFileSync(file);
      if (!TEXT.has(path.extname(file)) || body.length <= MIN_BYTES) continue;
      const br = brotli(body);
      writeFileSync(`${file}.br`, br);
      written.push({ file: rel, raw: body.length, br: br.length });
    }
  };
  walk('');
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
  const files = precompress(dist);
  const kb = (n) => (n / 1024).toFixed(1);
  const raw = files.reduce((n, f) => n + f.raw, 0);
  const br = files.reduce((n, f) => n + f.br, 0);
  console.log(`precompress: ${files.length} files, ${kb(raw)} kB → ${kb(br)} kB brotli (dist/**/*.br)`);
}
