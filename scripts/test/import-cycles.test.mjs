// No import loops inside a workspace's sources (docs/ARCHITECTURE.md "Layers"): a loop makes two modules one
// responsibility split in two, and ESM evaluates it half-initialised. `pnpm lint` enforces value imports with
// import-x/no-cycle (eslint.config.js); that rule skips `import type`, so the second check walks the whole graph with
// type-only imports included. Run by `pnpm test` (scripts/test.sh).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { root } from '../lib/processes.mjs';

const SOURCE_DIRS = [
  'packages/domain/src',
  'packages/api-client/src',
  'packages/payments/src',
  'packages/ui/src',
].concat(['join-web', 'join-api', 'payments-sandbox'].map((app) => `apps/${app}/src`));

/** Every .ts/.tsx source (tests and generated route trees included: they are modules too). */
function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Resolves a relative specifier as TypeScript does here (`./x.js` → `./x.ts`/`.tsx`, `./dir` → `./dir/index.ts`). */
function resolve(specifier, from) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(c|m)?jsx?$/, '');
  return [stem + '.ts', stem + '.tsx', path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((c) =>
    fs.existsSync(c),
  );
}

/** The loops (strongly connected components of more than one module, or a module importing itself). */
function importLoops(files) {
  const edges = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const targets = [...text.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s+['"](\.{1,2}\/[^'"]*)['"]/g)]
      .map((m) => resolve(m[1], file))
      .filter(Boolean);
    edges.set(file, new Set(targets));
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const stack = [];
  const meta = new Map();
  const loops = [];
  const visit = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!meta.has(w)) {
        visit(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        component.push(path.relative(root, w));
      } while (w !== v);
      if (component.length > 1 || edges.get(v)?.has(v)) loops.push(component.sort());
    }
  };
  for (const file of edges.keys()) if (!meta.has(file)) visit(file);
  return loops;
}

describe('no import loops in any workspace', () => {
  it('pnpm lint refuses a value import that closes a loop (import-x/no-cycle)', async () => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfig: [
        tseslint.configs.disableTypeChecked,
        { languageOptions: { parserOptions: { projectService: false } } },
      ],
    });
    // initial-join-state.ts imports this module's JOIN_STATE_DEFAULTS; importing it back closes a two-module loop.
    const [result] = await eslint.lintText("export { initialJoinState } from './initial-join-state.js';\n", {
      filePath: path.join(root, 'packages/domain/src/rules/join-state-default-values.ts'),
    });
    assert.ok(
      result.messages.some((m) => m.ruleId === 'import-x/no-cycle'),
      JSON.stringify(result.messages),
    );
  });

  it('the graph walk finds a loop made of type-only imports (which import-x/no-cycle skips)', () => {
    const dir = fs.mkdtempSync(path.join(root, 'node_modules', '.cycle-fixture-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import type { B } from './b.js';\nexport type A = { b?: B };\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import type { A } from './a.js';\nexport type B = { a?: A };\n");
      fs.writeFileSync(path.join(dir, 'c.ts'), "import type { A } from './a.js';\nexport type C = A;\n");
      const loops = importLoops(sources(dir)).map((loop) => loop.map((file) => path.basename(file)));
      assert.deepEqual(loops, [['a.ts', 'b.ts']]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the workspaces have none, type-only imports included', () => {
    const files = SOURCE_DIRS.flatMap((dir) => sources(path.join(root, dir)));
    assert.ok(files.length > 100, `found ${files.length} sources`);
    assert.deepEqual(importLoops(files), []);
  });
});
