import { parseAst, type Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string';
const keyName = (p: Node): string | undefined => {
  const key = p.key as Node | undefined;
  if (!key || p.computed) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : undefined;
};

/** The properties of a message descriptor that only tools read (every message has a `description`, docs/QUALITY.md "Four locales"). */
export type DescriptorField = 'defaultMessage' | 'description';

/**
 * The spans of the `fields` (string literals) of message descriptors (object literals with a string `id` and a
 * string `defaultMessage`) in `code`, each with the comma that follows it.
 */
export function defaultMessageSpans(
  code: string,
  fields: readonly DescriptorField[] = ['defaultMessage'],
): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    if (node.type === 'ObjectExpression') {
      const props = (node.properties as Node[]).filter((p) => p.type === 'Property');
      const literal = (name: string) => props.find((p) => keyName(p) === name && (p.value as Node).type === 'Literal');
      const id = literal('id');
      const message = literal('defaultMessage');
      if (id && message && typeof (message.value as Node).value === 'string') {
        for (const field of fields) {
          const prop = literal(field);
          if (!prop || typeof (prop.value as Node).value !== 'string') continue;
          let end = prop.end;
          const comma = /^\s*,/.exec(code.slice(end));
          if (comma) end += comma[0].length;
          spans.push([prop.start, end]);
        }
      }
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'type' && typeof v === 'object') visit(v);
  };
  visit(parseAst(code));
  return spans;
}

/** `code` with every span blanked by spaces (newlines kept), so positions and the source map stay exact. */
export function blank(code: string, spans: ReadonlyArray<[number, number]>): string {
  let out = code;
  for (const [s, e] of spans) out = out.slice(0, s) + out.slice(s, e).replace(/[^\n]/g, ' ') + out.slice(e);
  return out;
}

/**
 * Vite plugin (production builds): removes `defaultMessage` and the translator `description` from react-intl
 * message descriptors in the app's sources, as formatjs recommends (`removeDefaultMessage`) when every locale ships a
 * compiled catalogue — the English texts then only live in `src/i18n/compiled/en-US.json`. In `descriptionsOnly`
 * (@ofw/payments, whose 3-D Secure frame reads its `defaultMessage`s at run time) only the descriptions go. The
 * minifier drops the blanked space. `formatjs verify` (`pnpm i18n:verify`) guarantees every id has a message in every
 * catalogue, so no default is ever needed.
 */
export function stripDefaultMessages(
  include: RegExp = /\/apps\/join-web\/src\/.*\.[jt]sx?$/,
  descriptionsOnly: RegExp = /\/(packages\/payments|node_modules\/@ofw\/payments)\/(dist|src)\/.*\.[cm]?[jt]sx?$/,
): Plugin {
  return {
    name: 'join-web:strip-default-messages',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      const fields: DescriptorField[] | undefined = include.test(file)
        ? ['defaultMessage', 'description']
        : descriptionsOnly.test(file)
          ? ['description']
          : undefined;
      if (!fields || !code.includes('defaultMessage')) return null;
      const spans = defaultMessageSpans(code, fields);
      return spans.length ? { code: blank(code, spans), map: null } : null;
    },
  };
}
