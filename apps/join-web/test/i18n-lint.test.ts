import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * docs/QUALITY.md "Four locales": eslint-plugin-formatjs in the root flat config keeps join-web's messages translatable — a message without
 * a translator description, with a computed text, or a literal string in JSX is an error (the lint runs with 0
 * warnings allowed).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const filePath = path.join(repoRoot, 'apps/join-web/src/join/messages.ts');

async function formatjsErrors(code: string, file = filePath) {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId?.startsWith('formatjs/')).map((m) => `${m.ruleId} ${m.severity}`);
}

const header = "import { defineMessages } from '../i18n/define-messages.js';\n";

describe('eslint-plugin-formatjs rules for join-web', () => {
  it('a message without description is an error; with one it passes', async () => {
    expect(
      await formatjsErrors(
        `${header}export const m = defineMessages({ a: { id: 'x.a', defaultMessage: 'Hello {name}' } });\n`,
      ),
    ).toEqual(['formatjs/enforce-description 2']);
    expect(
      await formatjsErrors(
        `${header}export const m = defineMessages({ a: { id: 'x.a', description: 'Greeting; {name} is the parent’s first name.', defaultMessage: 'Hello {name}' } });\n`,
      ),
    ).toEqual([]);
  }, 60_000);

  it('two plurals in one message and a literal string in JSX are errors', async () => {
    expect(
      await formatjsErrors(
        `${header}export const m = defineMessages({ a: { id: 'x.a', description: 'd', defaultMessage: '{a, plural, one {{b, plural, one {x} other {y}}} other {z}}' } });\n`,
      ),
    ).toContain('formatjs/no-multiple-plurals 2');
    expect(
      await formatjsErrors(
        'export function X() {\n  return <p title="Hello">Hello</p>;\n}\n',
        path.join(repoRoot, 'apps/join-web/src/join/NotFound.tsx'),
      ),
    ).toEqual(['formatjs/no-literal-string-in-jsx 2', 'formatjs/no-literal-string-in-jsx 2']);
  }, 60_000);
});
