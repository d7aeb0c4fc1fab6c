import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const SECURITY_MD = path.join(repo, 'apps/join-api/SECURITY.md');

interface Row {
  requirement: string;
  proofs: { file: string; title: string }[];
  pending: boolean;
}

/**
 * The rows of SECURITY.md's "ASVS 5.0 L2 requirements and their proofs" table: the ASVS id cell, and each proof
 * `` `file` › `title` `` of the last cell (several separated by `<br>`).
 */
function securityRows(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('ASVS 5.0 L2 requirements'));
  if (!section) throw new Error('SECURITY.md: no "## ASVS 5.0 L2 requirements and their proofs" section');
  return section
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*(ASVS|---)/.test(l))
    .map((line) => {
      const cells = line.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, '').trim());
      const proofs = [...cells.at(-1)!.matchAll(/`([^`]+)` › `([^`]+)`/g)].map((m) => ({ file: m[1]!, title: m[2]! }));
      return { requirement: cells[0]!, proofs, pending: line.includes('⏳') };
    });
}

/** Whether `source` declares a test or suite titled exactly `title` (single, double or backtick quotes). */
function declares(source: string, title: string): boolean {
  const variants = [`'${title.replace(/'/g, "\\'")}'`, `"${title.replace(/"/g, '\\"')}"`, `\`${title}\``];
  return variants.some((v) => source.includes(v));
}

describe('SECURITY.md cites tests that exist', () => {
  const rows = securityRows(fs.readFileSync(SECURITY_MD, 'utf8'));

  it('the ASVS table has its rows, each with at least one proof', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.flatMap((r) => r.proofs).length).toBeGreaterThanOrEqual(40);
    const unproven = rows.filter((r) => r.proofs.length === 0).map((r) => r.requirement);
    expect(unproven).toEqual([]);
  });

  it('every test title SECURITY.md cites is declared in the file it names', () => {
    const missing: string[] = [];
    for (const { requirement, proofs } of rows)
      for (const { file, title } of proofs) {
        const full = path.join(repo, file);
        if (!fs.existsSync(full)) missing.push(`${requirement}: ${file} does not exist (“${title}”)`);
        else if (!declares(fs.readFileSync(full, 'utf8'), title)) missing.push(`${requirement}: ${file} › “${title}”`);
      }
    expect(missing).toEqual([]);
  });
});
