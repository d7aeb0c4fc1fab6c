/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: eslint-module-utils require()s its resolvers */
// An import resolver (eslint-module-utils interface v2) for eslint-plugin-boundaries in eslint.config.js: resolves
// relative imports the way TypeScript does here (`./x.js` is `./x.ts` / `./x.tsx`, `./dir` is `./dir/index.ts`), so a
// path that reaches into another workspace is seen for what it is. Bare specifiers are left unresolved on purpose: the
// boundaries rule matches `@ofw/*` and libraries by their specifier (flagged external), whatever is built.
const fs = require('node:fs');
const path = require('node:path');

const isFile = (candidate) => {
  try {
    return fs.statSync(candidate).isFile();
  } catch {
    return false;
  }
};

exports.interfaceVersion = 2;

/** @returns {{ found: boolean, path?: string }} */
exports.resolve = (source, file) => {
  if (!source.startsWith('.')) return { found: false };
  const base = path.resolve(path.dirname(file), source);
  const stem = base.replace(/\.(c|m)?jsx?$/, '');
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.cts', '.d.mts'].map((ext) => stem + ext),
    ...['index.ts', 'index.tsx', 'index.js'].map((name) => path.join(base, name)),
  ];
  const found = candidates.find(isFile);
  return found ? { found: true, path: found } : { found: false };
};
