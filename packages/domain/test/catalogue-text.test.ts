import { describe, expect, it } from 'vitest';
import {
  buildYourOwnPackages,
  byoOptionText,
  catalogueMessages,
  formatCatalogueText,
  packages,
  packageText,
  type CatalogueText,
} from '../src/index.js';

/** A stand-in for react-intl's formatMessage in en-US: the default text, `{name}` and the years plural filled in. */
function english(d: { id: string; defaultMessage: string }, values?: Record<string, string | number>): string {
  return d.defaultMessage
    .replace(/\{years, plural, one \{# year\} other \{# years\}\}/, () =>
      values?.years === 1 ? '1 year' : `${values?.years} years`,
    )
    .replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k]));
}
const en = (t: CatalogueText) => formatCatalogueText(t, english);

describe('§3 every catalogue word a parent reads is a message id with an English default (catalogue-text)', () => {
  it.each(packages.map((p) => [p.id, p] as const))(
    '§3 package %i: packageText says in English exactly what the Package fields say (other importers keep them)',
    (_, pkg) => {
      const t = packageText(pkg);
      expect(en(t.name)).toBe(pkg.displayName);
      expect(en(t.description)).toBe(pkg.description);
      expect(en(t.receiptText)).toBe(pkg.receiptText);
      expect(t.primaryFeatures.map(en)).toEqual(pkg.primaryFeatures);
      expect(t.secondaryFeatures.map(en)).toEqual(pkg.secondaryFeatures);
    },
  );

  it('§3 every build-your-own option description has a message id whose English is the description', () => {
    for (const byo of buildYourOwnPackages)
      for (const length of Object.values(byo.subscriptionLengthOptions))
        for (const option of length?.options ?? []) {
          const t = byoOptionText(option.optionCode);
          expect(t, option.optionCode).toBeDefined();
          expect(en(t!)).toBe(option.description);
        }
    expect(byoOptionText('NOT_AN_OPTION')).toBeUndefined();
  });

  it('every id a text uses is in catalogueMessages (what UIs extract and translate), with a translator description', () => {
    const used = new Set<string>();
    const walk = (t: CatalogueText) => {
      used.add(t.id);
      for (const v of Object.values(t.values ?? {})) if (typeof v === 'object') walk(v);
    };
    for (const p of packages) {
      const t = packageText(p);
      [t.name, t.description, t.receiptText, ...t.primaryFeatures, ...t.secondaryFeatures].forEach(walk);
    }
    for (const code of Object.keys(catalogueMessages).filter((id) => id.startsWith('catalogue.option.')))
      walk(byoOptionText(code.slice('catalogue.option.'.length))!);
    expect([...used].sort()).toEqual(Object.keys(catalogueMessages).sort());
    for (const m of Object.values(catalogueMessages)) {
      expect(m.id).toMatch(/^catalogue\./);
      expect(m.description.length).toBeGreaterThan(20);
    }
  });

  it('formatCatalogueText formats a text among the values first (the plan name inside the description)', () => {
    const calls: string[] = [];
    const out = formatCatalogueText(packageText({ family: 'PREMIUM', subDurationInYears: 2 }).description, (d, v) => {
      calls.push(d.id);
      return d.id === 'catalogue.family.PREMIUM' ? 'Premium ES' : `${String(v?.name)} / ${String(v?.years)}`;
    });
    expect(out).toBe('Premium ES / 2');
    expect(calls).toEqual(['catalogue.family.PREMIUM', 'catalogue.description']);
  });
});
