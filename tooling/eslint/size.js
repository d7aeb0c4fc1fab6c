// Small rooms: a file holds one responsibility (≤ 350 lines) and a function one step (≤ 80 lines, blank lines and
// comments not counted); a React component, which lays out a piece of the page, may take 150 lines. A longer one is a
// sequence of steps that get names. CONTRIBUTING.md "Size rules" says where the limits apply and why tests are exempt.
import { builtinRules } from 'eslint/use-at-your-own-risk';

/** The limits (lines). */
export const LIMITS = { file: 350, fn: 80, component: 150 };

const core = builtinRules.get('max-lines-per-function');

/** The name a function is known by: `function Name`, `const Name = () => …`, `const Name = memo(() => …)`. */
function functionName(node) {
  if (node.id?.name) return node.id.name;
  let parent = node.parent;
  if (parent?.type === 'CallExpression') parent = parent.parent; // memo(…), forwardRef(…)
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id.name : undefined;
}

/** A React component: a PascalCase function in a `.tsx` file (React's own naming rule for components). */
function isComponent(node, filename) {
  const name = functionName(node);
  return filename.endsWith('.tsx') && name !== undefined && /^[A-Z]/.test(name);
}

/**
 * `size/max-function-lines`: ESLint's `max-lines-per-function`, with a second limit for React components. Options:
 * those of `max-lines-per-function` (`max`, `skipBlankLines`, `skipComments`, `IIFEs`) plus `componentMax`. Two copies
 * of the core rule run, one with each limit; each reports only its own kind of function.
 */
const maxFunctionLines = {
  meta: { ...core.meta, schema: [{ type: 'object', additionalProperties: true }], defaultOptions: [{}] },
  create(context) {
    const { max = LIMITS.fn, componentMax = LIMITS.component, ...counting } = context.options[0] ?? {};
    const run = (limit, wanted) =>
      core.create(
        Object.create(context, {
          options: { value: [{ ...counting, max: limit }] },
          report: {
            value: (descriptor) => {
              const fn =
                descriptor.node.type === 'MethodDefinition' || descriptor.node.type === 'Property'
                  ? descriptor.node.value
                  : descriptor.node;
              if (isComponent(fn, context.filename) === wanted) context.report(descriptor);
            },
          },
        }),
      );
    const functions = run(max, false);
    const components = run(componentMax, true);
    return Object.fromEntries(
      Object.keys(functions).map((type) => [type, (node) => (functions[type](node), components[type](node))]),
    );
  },
};

/** The plugin holding `max-function-lines`. */
export const sizePlugin = {
  meta: { name: '@ofw/eslint-config/size' },
  rules: { 'max-function-lines': maxFunctionLines },
};

/**
 * The size rules for the given sources, and the test code inside them left out of the per-function limit.
 *
 * @param {{ files: string[], tests: string[] }} options `files`: globs of the code held to every limit; `tests`: globs
 *   (inside `files` or not) exempt from the function limits — a `describe` or `test` callback is a function that
 *   holds a whole suite — but still held to the file limit where they fall inside `files`.
 * @returns {import('eslint').Linter.Config[]}
 */
export function size({ files, tests }) {
  return [
    {
      files,
      plugins: { size: sizePlugin },
      rules: {
        'max-lines': ['error', { max: LIMITS.file, skipBlankLines: false, skipComments: false }],
        'size/max-function-lines': [
          'error',
          { max: LIMITS.fn, componentMax: LIMITS.component, skipBlankLines: true, skipComments: true },
        ],
      },
    },
    { files: tests, rules: { 'size/max-function-lines': 'off' } },
  ];
}
