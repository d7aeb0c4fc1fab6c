import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildYourOwnPackages, packages } from '../src/index.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const rows = (columns: number) =>
  readme
    .split('\n')
    .filter((l) => /^\|\s*\d+\s*\|/.test(l))
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim()),
    )
    .filter((cells) => cells.length === columns);

describe('§9 the README catalogue table is the catalogue (id → tier mapping is published)', () => {
  it('§9 one row per package with family, type, years, currency, total, per month, VAT, formatted price', () => {
    const expected = packages.map((p) => [
      String(p.id),
      p.family,
      p.displayName,
      p.packageType,
      String(p.subDurationInYears),
      p.currencyCode,
      p.totalPrice.toFixed(2),
      p.pricePerMonth.toFixed(2),
      p.vatAmount === undefined ? '–' : p.vatAmount.toFixed(2),
      p.yearlyPriceFormat,
      p.variant,
    ]);
    expect(rows(11)).toEqual(expected);
  });

  it('§9 one row per build-your-own package and length with base and option prices', () => {
    const expected = buildYourOwnPackages.flatMap((b) =>
      Object.entries(b.subscriptionLengthOptions).map(([length, lo]) => {
        const price = (code: string) =>
          lo.options.find((o) => o.optionCode === code)?.price.toFixed(2) ?? 'not offered';
        return [
          String(b.packageId),
          b.currencyCode,
          length,
          String(lo.productId),
          lo.price.toFixed(2),
          ['1GB', '3GB', '5GB', '10GB'].map((g) => price(`MYFILES_${g}`)).join(' / '),
          price('TONEMETER'),
          price('UNLIMITEDPAYMENTS'),
          `${price('CALLSBASIC_45')} / ${price('CALLSBASIC_60')}`,
        ];
      }),
    );
    expect(rows(9)).toEqual(expected);
  });
});
