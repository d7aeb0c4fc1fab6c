import fs from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * The reliability figures a test file measures (bench/reliability.mjs prints them in `pnpm bench`): with
 * RELIABILITY_FIGURES_DIR set, the object returned is written there as `<part>.json` once the file's tests are done;
 * the bench reads every such file of the run. Figures are plain numbers (MB, requests per second, counts).
 */
export function reliabilityFigures(part: string): Record<string, number> {
  const figures: Record<string, number> = {};
  afterAll(() => {
    const dir = process.env.RELIABILITY_FIGURES_DIR;
    if (dir) fs.writeFileSync(path.join(dir, `${part}.json`), JSON.stringify(figures));
  });
  return figures;
}
