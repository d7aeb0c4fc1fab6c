/**
 * The README as a consumer reads it (docs test): install line and peer dependency table agree with package.json, no
 * path outside the package, and the "## Usage" example type-checks against the sources and runs, each
 * `console.log(…); // → …` printing what its comment says.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { inspect } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Declares the README suite of one published package.
 *
 * @param packageDir - the package's folder as a URL ending in `/` (e.g. `new URL('..', import.meta.url)` from test/).
 * @param extraEntries - public entry points besides the main one → their sources relative to the generated example in
 *   test/ (e.g. `{ '@ofw/api-client/query': '../src/query.js' }`); listed before the main entry so the longer
 *   specifier is rewritten first.
 */
export function describeReadmeUsage(packageDir: URL, extraEntries: Record<string, string> = {}): void {
  const readme = readFileSync(new URL('README.md', packageDir), 'utf8');
  const pkg = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8')) as {
    name: string;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  const section = (title: string) => readme.split(/^## /m).find((s) => s.startsWith(`${title}\n`)) ?? '';
  const [, lang = 'ts', usage = ''] = /```(tsx?)\n([\s\S]*?)```/.exec(section('Usage')) ?? [];
  // the example as written, importing the sources instead of the published build
  const entries: Record<string, string> = { ...extraEntries, [pkg.name]: '../src/index.js' };
  const example = Object.entries(entries).reduce(
    (code, [entry, source]) => code.replaceAll(`'${entry}'`, `'${source}'`),
    usage,
  );
  const file = new URL(`test/.readme-usage.generated.${lang}`, packageDir);
  afterAll(() => rmSync(file, { force: true }));

  describe('README (published with the package)', () => {
    it('names no path outside the package', () => {
      expect(readme).not.toMatch(/\.\.\/|\/work\/|DESIGN\.md|CONTRACTS\.md|TOOLCHAIN\.md|\]\((?!https?:|#)/);
      // a path of the monorepo (apps/…, scripts/…, another package's folder) is outside the published package too
      expect(readme).not.toMatch(/(?<![\w/.-])(?:apps|scripts|packages)\//);
    });

    it('install line and peer dependency table agree with package.json', () => {
      const peers = Object.entries(pkg.peerDependencies ?? {});
      const install = /```sh\n(npm install [^\n]+)\n```/.exec(section('Install'))?.[1] ?? '';
      expect(install.split(' ')).toEqual(
        expect.arrayContaining([
          pkg.name,
          ...peers.filter(([name]) => !pkg.peerDependenciesMeta?.[name]?.optional).map(([name]) => name),
        ]),
      );
      const table = section('Install')
        .split('\n')
        .filter((l) => l.startsWith('| `'))
        .map((l) => l.split('|').map((c) => c.trim().replaceAll('`', '')));
      expect(table.map(([, name, range]) => [name, range])).toEqual(peers);
    });

    it('the Usage example type-checks and prints what its comments say', async () => {
      expect(usage).toContain(`from '${pkg.name}'`);
      writeFileSync(file, example);
      const config = ts.getParsedCommandLineOfConfigFile(
        new URL('tsconfig.json', packageDir).pathname,
        {},
        { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
      );
      // the example plus the package's own ambient declarations (*.d.ts), with the package's compiler options
      const ambient = config!.fileNames.filter((f) => f.endsWith('.d.ts'));
      const program = ts.createProgram([file.pathname, ...ambient], { ...config!.options, noEmit: true });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);

      const expected = [...usage.matchAll(/console\.log\(.*\); \/\/ → (.*)$/gm)].map((m) => m[1]);
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      await import(/* @vite-ignore */ file.href);
      const printed = log.mock.calls.map((args) => args.map((a) => inspect(a)).join(' '));
      log.mockRestore();
      expect(printed).toEqual(expected);
    }, 60_000);
  });
}
