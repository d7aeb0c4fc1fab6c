import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { isFirstScreenMessage } from '../src/i18n/catalogue-parts.js';

const PART = /^(.*[\\/]src[\\/]i18n[\\/]compiled[\\/][^\\/]+\.json)\?part=(first|later)$/;

/**
 * Vite plugin: `src/i18n/compiled/<locale>.json?part=first` and `?part=later` are the two parts of a compiled
 * catalogue (src/i18n/catalogue-parts.ts says which ids go where), each its own JSON module and chunk. The compiled
 * files stay whole (what `pnpm i18n:compile` writes and `i18n check` compares).
 */
export function catalogueParts(): Plugin {
  return {
    name: 'join-web:catalogue-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, 'first' | 'later'];
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const entries = Object.entries(catalogue).filter(([key]) => isFirstScreenMessage(key) === (part === 'first'));
      // a JavaScript module: with its query the id is not a .json file to the bundler
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(Object.fromEntries(entries)))});`;
    },
  };
}
