#!/usr/bin/env node
/**
 * Writes dist/join.html, the first screen of `/join` prerendered (run after `vite build`; docs/performance/join-web.md "First paint"):
 *  1. a Vite SSR build of src/prerender.tsx (same plugins and aliases as the client) into node_modules/.prerender;
 *  2. `prerenderJoin()` renders the account-details step (en-US, fresh join) with react-dom/static;
 *  3. dist/index.html (the client build's page) gets that markup inside `<div id="root">`, in a wrapper marked
 *     `data-prerendered` — live HTML: the parent can type at once, and src/main.tsx carries what was typed and the
 *     focus into the app when it replaces the shell (src/shell-input.ts) —, the step's title, the shell guard script
 *     in `<head>` (with the Intl warm-up, `intlWarmUpScript`), the stylesheet inline (no request before the first paint), and modulepreload links for the
 *     route's chunks and the en-US catalogue, so they download beside the entry instead of after it has run.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(appDir, 'dist');
const outDir = path.join(appDir, 'node_modules/.prerender');

await build({
  root: appDir,
  configFile: path.join(appDir, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir,
    emptyOutDir: true,
    manifest: false,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});

// A first visitor: empty session storage (the join state's atoms read it when their module loads).
const stored = new Map();
globalThis.sessionStorage = {
  get length() {
    return stored.size;
  },
  key: (i) => [...stored.keys()][i] ?? null,
  getItem: (k) => stored.get(k) ?? null,
  setItem: (k, v) => void stored.set(k, String(v)),
  removeItem: (k) => void stored.delete(k),
  clear: () => stored.clear(),
};

const { prerenderJoin, intlWarmUpScript, shellGuardScript, SHELL_ATTRIBUTE, SHELL_LOCALE } = await import(
  pathToFileURL(path.join(outDir, 'prerender.mjs')).href
);
const rendered = await prerenderJoin();
rmSync(outDir, { recursive: true, force: true });
// TanStack Router renders its scroll-restoration script on the server; the client router restores scroll itself.
const html = rendered.html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
const { title } = rendered;
if (/<script/i.test(html)) throw new Error('prerender: the /join markup holds a <script>; the shell runs no code');
if (!/<main[^>]*>[\s\S]*<input/.test(html)) throw new Error('prerender: /join rendered no form; did the step render?');

/**
 * The chunks the first load of /join fetches after the entry: the first part of the en-US catalogue
 * (src/i18n/catalogue-parts.ts). Not the route's component: the first-screen tree takes the shell over without the
 * router, and the full app (router, query client, the route) is loaded right after that takeover — preloaded here, it
 * would share the slow link with the first load.
 */
function firstScreenChunks() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const inIndex = new Set([entry.file, ...(entry.imports ?? []).map((k) => manifest[k].file)]);
  const roots = Object.keys(manifest).filter((k) => k === `src/i18n/compiled/${SHELL_LOCALE}.json?part=first`);
  if (roots.length !== 1) throw new Error(`prerender: expected the ${SHELL_LOCALE} chunk in the manifest`);
  const files = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || inIndex.has(chunk.file) || files.includes(chunk.file)) return;
    files.push(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  roots.forEach(visit);
  return files;
}

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const root = '<div id="root"></div>';
if (!index.includes(root) || !index.includes('</head>'))
  throw new Error('prerender: dist/index.html has no empty root');
const preloads = firstScreenChunks()
  .map((f) => `  <link rel="modulepreload" crossorigin href="/${f}">\n  `)
  .join('');
// The stylesheet is the one request between the HTML and its first paint (and it shares the slow link with the
// scripts): /join carries it inline. Other routes keep the cached file.
const stylesheet = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(index);
if (!stylesheet) throw new Error('prerender: dist/index.html links no stylesheet');
const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
if (/url\(|<\/style/i.test(css))
  throw new Error('prerender: the stylesheet has url() or </style>; inlining would break it');
const fullApp = /\s*<link rel="modulepreload"[^>]*data-full-app[^>]*>/;
if (!fullApp.test(index)) throw new Error('prerender: dist/index.html does not preload the full app (vite.config.ts)');
const page = index
  // the full app loads after the first-screen tree's takeover on /join (docs/performance/join-web.md "First paint"), not beside the first load
  .replace(fullApp, '')
  .replace(stylesheet[0], () => `<style>${css.trim()}</style>`)
  // The guard runs before the stylesheet link (an inline script after one would wait for the stylesheet). The Intl
  // warm-up shares its element (one inline script, one parser pause) and only schedules work for after the paint.
  .replace(
    /<title>[^<]*<\/title>/,
    `<title>${title.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</title>\n    <script>${shellGuardScript()};${intlWarmUpScript()}</script>`,
  )
  .replace('</head>', `${preloads}</head>`)
  .replace(root, `<div id="root"><div ${SHELL_ATTRIBUTE}>${html}</div></div>`);
writeFileSync(path.join(dist, 'join.html'), page);
console.log(`prerender: dist/join.html (${(page.length / 1024).toFixed(1)} kB, ${title})`);
