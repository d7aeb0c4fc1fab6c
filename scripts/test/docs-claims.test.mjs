// The mechanical claims of docs/ARCHITECTURE.md and docs/CONTRACTS.md, checked against the code, so the pages a
// maintainer reads first cannot drift from what runs: the workspace diagram's edges are the `@ofw/*` imports the
// sources make (and each package.json declares exactly those), and the sandbox server API's nonce error codes are the
// ones its table sends. Run by `pnpm test` (scripts/test.sh).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { root } from '../lib/processes.mjs';

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

/** The diagram's node ids → workspace folders (`protocol` is @ofw/payments' `./protocol` entry). */
const NODES = {
  web: 'apps/join-web',
  api: 'apps/join-api',
  sandbox: 'apps/payments-sandbox',
  ui: 'packages/ui',
  payments: 'packages/payments',
  client: 'packages/api-client',
  domain: 'packages/domain',
};
const NODE_OF_SPECIFIER = [
  [/^@ofw\/payments\/protocol$/, 'protocol'],
  [/^@ofw\/payments(\/|$)/, 'payments'],
  [/^@ofw\/api-client(\/|$)/, 'client'],
  [/^@ofw\/ui(\/|$)/, 'ui'],
  [/^@ofw\/domain(\/|$)/, 'domain'],
];

/** `from` → set of `to` node ids drawn in the mermaid block of ARCHITECTURE.md "The workspaces" (`-->` and `-.->`). */
function drawnEdges(markdown) {
  const block = markdown.match(/```mermaid\n([\s\S]*?)```/)[1];
  const edges = new Map();
  for (const line of block.split('\n')) {
    // `a --> b & c`, `a -. label .-> b`; the labelled `==>` edges are HTTP/postMessage traffic, not imports.
    const m = line.trim().match(/^(\w+)\s+(?:-->|-\.(?:[^.]*)\.->)\s+([\w\s&]+)$/);
    if (!m || !(m[1] in NODES)) continue;
    const targets = m[2].split('&').map((t) => t.trim());
    edges.set(m[1], new Set([...(edges.get(m[1]) ?? []), ...targets]));
  }
  return edges;
}

/** The node ids a workspace's sources import (`@ofw/*` specifiers of its src/, tests excluded). */
function importedNodes(dir) {
  const found = new Set();
  const files = fs.readdirSync(path.join(root, dir, 'src'), { recursive: true, withFileTypes: true });
  for (const entry of files) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const [, specifier] of text.matchAll(/\bfrom\s+'(@ofw\/[^']+)'/g)) {
      const node = NODE_OF_SPECIFIER.find(([re]) => re.test(specifier))?.[1];
      if (node) found.add(node);
    }
  }
  return found;
}

describe('docs/ARCHITECTURE.md "The workspaces" diagram', () => {
  const drawn = drawnEdges(read('docs/ARCHITECTURE.md'));
  for (const [node, dir] of Object.entries(NODES)) {
    it(`${node} (${dir}): the edges drawn are the @ofw/* imports of its sources`, () => {
      const imported = importedNodes(dir);
      const edges = new Set(drawn.get(node) ?? []);
      // @ofw/payments' own protocol module is inside the package: drawn as an edge, not an import.
      if (node === 'payments') edges.delete('protocol');
      assert.deepEqual([...edges].sort(), [...imported].sort());
    });
    it(`${node} (${dir}): package.json declares the @ofw/* packages its sources import, no more`, () => {
      const pkg = JSON.parse(read(`${dir}/package.json`));
      const declared = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).filter((n) =>
        n.startsWith('@ofw/'),
      );
      const packagesOf = new Set(
        [...importedNodes(dir)].map((n) =>
          n === 'protocol' ? '@ofw/payments' : `@ofw/${n === 'client' ? 'api-client' : n}`,
        ),
      );
      assert.deepEqual(declared.sort(), [...packagesOf].sort());
    });
  }
});

describe('docs/CONTRACTS.md "Sandbox server API"', () => {
  it('names the nonce error codes the sandbox sends (unknown/expired, already used, invalid card)', () => {
    const doc = read('docs/CONTRACTS.md').match(/`(\d+)` unknown\/expired, `(\d+)` already used, `(\d+)` invalid card/);
    assert.ok(doc, 'the sentence listing the nonce error codes is gone from CONTRACTS.md');
    const cards = read('apps/payments-sandbox/src/cards.ts');
    const code = (key) => cards.match(new RegExp(`\\b${key}: \\{ code: '(\\d+)'`))[1];
    assert.deepEqual(doc.slice(1), [code('unknown'), code('consumed'), code('invalidCard')]);
  });
});
