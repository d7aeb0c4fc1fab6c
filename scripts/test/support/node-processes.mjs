// Which Node binaries a process tree runs (Linux /proc): used by the repository checks to prove that `pnpm start` and
// `pnpm dev` start every server, watcher and e-mail catcher on the pinned runtime (`process.execPath`), never on a
// `node` looked up on PATH and never behind node_modules/.bin/node's shell shim.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** One process: its id, its parent's, the real path of its executable and its command line. */
const readProcess = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces or parentheses, so read after the last ")"
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const exe = readlinkSync(`/proc/${pid}/exe`);
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { pid, ppid, exe, args };
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
};

/**
 * Every process below `rootPid` (children, grandchildren, … — whatever process group they moved to).
 *
 * @param {number} rootPid - the ancestor
 * @returns {{ pid: number, ppid: number, exe: string, args: string[] }[]} its descendants, in no particular order
 */
export function descendants(rootPid) {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter(Boolean);
  const found = [];
  const queue = [rootPid];
  while (queue.length) {
    const parent = queue.shift();
    for (const proc of all.filter((p) => p.ppid === parent)) {
      found.push(proc);
      queue.push(proc.pid);
    }
  }
  return found;
}

/** A Node binary (its executable is named `node`) or node_modules/.bin/node's shell shim around one. */
export const isNode = (proc) =>
  path.basename(proc.exe) === 'node' || proc.args.some((a) => /node_modules[\\/]\.bin[\\/]node$/.test(a));

/**
 * Asserts that each of `scripts` (path endings, e.g. `join-api/dist/main.js`) runs below `rootPid`, and that every Node
 * process there is `binary` itself (a real path): none found on PATH, none behind node_modules/.bin/node's shim.
 *
 * @param {number} rootPid - the process that started them
 * @param {string} binary - the real path of the Node binary they must run on
 * @param {string[]} scripts - what must be running
 * @throws {assert.AssertionError} naming the missing script or the process on another binary
 */
export function assertNodesRunOn(rootPid, binary, scripts) {
  const nodes = descendants(rootPid).filter(isNode);
  for (const script of scripts)
    assert.ok(
      nodes.some((p) => p.args.some((a) => a.endsWith(script))),
      `${script} is running: ${JSON.stringify(nodes)}`,
    );
  for (const proc of nodes) assert.equal(proc.exe, binary, proc.args.join(' '));
}
