/**
 * The first load of `/join` from Vite's manifest (dist/.vite/manifest.json): index.html's entry with its static
 * imports, the `/join` route's chunk with its static imports and the first part of the en-US catalogue — all the JS the first screen
 * (the details step) runs — plus their CSS. Shared by scripts/bundle-size.mjs (the figures) and
 * test/first-load.test.ts (what must stay out of it, issue 15).
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
  return closure(manifest, [
    keyOf(manifest, /^index\.html$/),
    keyOf(manifest, /^src\/routes\/join\/index\.tsx/),
    keyOf(manifest, /compiled\/en-US\.json\?part=first$/),
  ]);
}
