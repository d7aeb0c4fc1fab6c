#!/usr/bin/env node
/**
 * Prints the gzip weight of what the browser loads for the first screen (the entry script, its modulepreloads and
 * the CSS in dist/index.html) and of the lazy chunks (payment step and the rest). Run after `pnpm build`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
let total = 0;
console.log('first load (gzip):');
for (const f of first) {
  const n = gz(f);
  total += n;
  console.log(`  ${kb(n).padStart(9)}  ${f}`);
}
console.log(`  ${kb(total).padStart(9)}  total`);
const lazy = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !first.includes(`assets/${f}`));
const lazyTotal = lazy.reduce((s, f) => s + gz(`assets/${f}`), 0);
const payment = lazy.filter((f) => f.startsWith('PaymentStep-')).reduce((s, f) => s + gz(`assets/${f}`), 0);
console.log(`lazy chunks: ${lazy.length}, ${kb(lazyTotal)} gzip (PaymentStep itself ${kb(payment)})`);
