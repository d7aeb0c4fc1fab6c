import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The most lines a view (a file ending in Step.tsx or Page.tsx) may have ("thin screens"). */
const MAX_VIEW_LINES = 120;
const src = join(import.meta.dirname, '..', 'src');

/** Every view file below `dirs` with more than `max` lines, as `path: lines`. */
function oversizedViews(dirs: readonly string[], max: number): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/(Step|Page)\.tsx$/.test(entry.name)) {
        const lines = readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length;
        if (lines > max) out.push(`${path}: ${lines}`);
      }
    }
  };
  dirs.forEach(walk);
  return out;
}

describe('step and page views stay thin', () => {
  it(`no view under src/join/steps or src/invite (…Step.tsx, …Page.tsx) exceeds ${MAX_VIEW_LINES} lines`, () => {
    expect(oversizedViews([join(src, 'join/steps'), join(src, 'invite')], MAX_VIEW_LINES)).toEqual([]);
  });

  it('the check finds an over-long view in a nested folder and ignores other files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'view-size-'));
    try {
      mkdirSync(join(dir, 'nested'));
      const lines = (n: number) => Array.from({ length: n }, (_, i) => `// ${i}`).join('\n') + '\n';
      writeFileSync(join(dir, 'nested', 'LongStep.tsx'), lines(MAX_VIEW_LINES + 1));
      writeFileSync(join(dir, 'ShortPage.tsx'), lines(MAX_VIEW_LINES));
      writeFileSync(join(dir, 'use-long-form.ts'), lines(MAX_VIEW_LINES * 2));
      expect(oversizedViews([dir], MAX_VIEW_LINES)).toEqual([`${join(dir, 'nested', 'LongStep.tsx')}: 121`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
