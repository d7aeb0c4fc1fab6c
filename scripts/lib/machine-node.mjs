// The machine's own Node (the one that bootstraps `pnpm install`), as opposed to the pinned runtime that the root
// devDependency `node` installs into node_modules/.bin and that every pnpm script, turbo task and server runs on.
// `pnpm release:check` runs the packed packages on both: the published packages promise the machine's Node too.
import { accessSync, constants, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * Finds the machine's Node: the first executable `node` on `PATH` that is not inside a `node_modules/.bin` folder (pnpm
 * puts the pinned runtime's `node` shim there), else `/usr/local/bin/node` or `/usr/bin/node`.
 *
 * @param {{ PATH?: string }} env - the environment whose `PATH` is searched (default `process.env`)
 * @param {string[]} fallbacks - absolute paths tried after `PATH`, in order
 * @returns {string | undefined} the real path of that binary, or `undefined` when there is none (never throws)
 */
export function findMachineNode(env = process.env, fallbacks = ['/usr/local/bin/node', '/usr/bin/node']) {
  const onPath = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !/(^|[\\/])node_modules[\\/]\.bin[\\/]?$/.test(dir))
    .map((dir) => path.join(dir, 'node'));
  for (const candidate of [...onPath, ...fallbacks]) {
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
    } catch {
      // not there or not executable: try the next one
    }
  }
  return undefined;
}
