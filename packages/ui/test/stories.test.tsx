/**
 * The component catalogue ("viewable in a component catalogue … built by a script") stays complete:
 * every component exported from src/index.ts is rendered by at least one Ladle story, and every story renders.
 * Cheap stand-in for building the catalogue (`pnpm catalogue`), which takes ~20 s.
 */
import { render } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import * as ui from '../src/index.js';

const storiesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../stories');
const storyFiles = readdirSync(storiesDir)
  .filter((f) => f.endsWith('.stories.tsx'))
  .sort();

/** Exported React components: PascalCase names bound to a function or a forwardRef/memo object. */
const components = Object.entries(ui)
  .filter(
    ([name, value]) =>
      /^[A-Z][a-z]/.test(name) &&
      (typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value)),
  )
  .map(([name]) => name);

const sources = storyFiles.map((f) => readFileSync(path.join(storiesDir, f), 'utf8'));

describe('component catalogue (Ladle stories)', () => {
  it('finds the exported components and the story files', () => {
    expect(components).toEqual(expect.arrayContaining(['Button', 'PackageCard', 'ThreeDSecureModal', 'TextField']));
    expect(components).not.toContain('PRIORITY_COUNTRIES');
    expect(storyFiles.length).toBeGreaterThan(0);
  });

  it.each(components)('catalogue: %s is rendered by a story', (name) => {
    const jsx = new RegExp(`<${name}[\\s/>]`);
    const files = storyFiles.filter((_, i) => jsx.test(sources[i]!));
    expect(files, `no stories/*.stories.tsx renders <${name}>`).not.toHaveLength(0);
  });

  describe.each(storyFiles)('%s', (file) => {
    it('has a title and renders every story without error', async () => {
      const mod = (await import(`../stories/${file.replace(/\.stories\.tsx$/, '')}.stories.tsx`)) as Record<
        string,
        unknown
      > & { default: { title?: string } };
      expect(mod.default.title).toBeTruthy();
      const stories = Object.entries(mod).filter(([key, v]) => key !== 'default' && typeof v === 'function');
      expect(stories.length).toBeGreaterThan(0);
      for (const [, Story] of stories) {
        const StoryComponent = Story as ComponentType;
        const { container, unmount } = render(<StoryComponent />);
        expect(container.innerHTML).not.toBe('');
        unmount();
      }
    });
  });
});
