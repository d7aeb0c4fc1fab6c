import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema.js';

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

/** The table names the first cells of SECURITY.md's "Retention of personal data" table name (each `` `name` ``). */
function retentionTables(markdown: string): Set<string> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Retention of personal data'));
  if (!section) throw new Error('SECURITY.md: no "## Retention of personal data" section');
  const firstCells = section
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*(Table|---)/.test(l))
    .map((l) => l.split(' | ')[0]!.replace(/^\|\s*/, ''));
  return new Set(firstCells.flatMap((c) => [...c.matchAll(/`([a-z_]+)(?:\.[a-z_0-9]+)?`/g)].map((m) => m[1]!)));
}

describe('SECURITY.md states a retention rule for every table (UK GDPR Art. 5(1)(e))', () => {
  it('every table of the drizzle schema has a row in "Retention of personal data" (a new table without one fails)', () => {
    const tables = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((v) => getTableName(v as PgTable))
      .sort();
    expect(tables.length).toBeGreaterThanOrEqual(19);
    const named = retentionTables(fs.readFileSync(SECURITY_MD, 'utf8'));
    expect(tables.filter((t) => !named.has(t))).toEqual([]);
  });
});
