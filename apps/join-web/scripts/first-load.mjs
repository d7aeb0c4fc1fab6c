/**
 * The first load of `/join` from Vite's manifest (dist/.vite/manifest.json): index.html's entry with its static
 * imports and the first part of the en-US catalogue — all the JS the first screen (the details step, rendered by the
 * first-screen tree without the router, docs/performance/join-web.md "First paint") runs before it takes the page over — plus their CSS.
 * The full app (router, query client, the `/join` route) loads right after the takeover, so it is not in it. Shared by scripts/bundle-size.mjs (the figures) and
 * test/first-load.test.ts (what must stay out of it).
 */

/**
 * The manifest key matching `pattern`.
 * @throws Error when no chunk matches.
 */
export function keyOf(manifest, pattern) {
  const key = Object.keys(manifest).find((k) => pattern.test(k));
  if (!key) throw new Error(`No chunk in the manifest matches ${pattern}`);
  return key;
}

/** The files (JS and CSS) manifest entries load before they run: themselves and their static imports, transitively. */
export function closure(manifest, keys, into = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

/** The files of the first load of `/join` (see the module comment). */
export function firstLoadFiles(manifest) {
  return closure(manifest, [keyOf(manifest, /^index\.html$/), keyOf(manifest, /compiled\/en-US\.json\?part=first$/)]);
}

/**
 * The files the full app adds (the `app` chunk of vite.config.ts — TanStack Router and Query, the routes — and its
 * static imports, less the first load's): /join loads them right after the first-screen tree has taken the shell
 * over, so they count in what the page loads before it is idle, not in its first load.
 */
export function fullAppFiles(manifest) {
  const first = firstLoadFiles(manifest);
  return new Set([...closure(manifest, [keyOf(manifest, /^_app-[^/]*\.js$/)])].filter((f) => !first.has(f)));
}
