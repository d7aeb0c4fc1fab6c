import {
  catalogueMessages,
  getBuildYourOwnPackage,
  offeredCatalogue,
  type BuildYourOwnPackage,
  type Package,
} from '@ofw/domain';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enGB from '../src/i18n/lang/en-GB.json';
import enUS from '../src/i18n/lang/en-US.json';
import esMX from '../src/i18n/lang/es-MX.json';
import esUS from '../src/i18n/lang/es-US.json';
import { fakeApi, renderApp, storeJoin } from './helpers.js';

/** Every text of the package step's own elements (no descendants' text), trimmed, non-empty. */
function ownTexts(): string[] {
  return [...document.body.querySelectorAll('*')]
    .map((el) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim(),
    )
    .filter(Boolean);
}

/** Opens the package step of a signed-up US parent in `locale`, with the P3 USD plans and build-your-own 2050. */
async function packageStepIn(locale: string) {
  const plans: Package[] = offeredCatalogue('P3', 'USD', 'join').packages;
  const byo: BuildYourOwnPackage = getBuildYourOwnPackage(2050)!;
  storeJoin(
    {
      flow: 'join',
      isJoin: true,
      languageLocale: locale,
      parent: { userId: 7, phoneCountryCode: '+1' },
      address: { country: 'US' },
    },
    { step: 'package', signedIn: true },
  );
  const api = fakeApi((c) =>
    c.path === '/packages' ? { body: { packages: plans, byo, upgradeOptions: null, pricingGroup: 'P3' } } : undefined,
  );
  renderApp('/join', api);
  await waitFor(() => expect(document.getElementById(plans[0]!.selectButtonId)).not.toBeNull());
  await waitFor(() => expect(document.getElementById('select-build-your-own')).not.toBeNull());
  return { plans, byo };
}

describe('§1 every word a parent reads is in their language: the catalogue texts of @ofw/domain', () => {
  it('§1 es-MX: the package step shows the plans (names, descriptions, features, build-your-own options) in Spanish, none of the en-US plan texts', async () => {
    const { plans } = await packageStepIn('es-MX');
    // the English the domain carries for display (plan names, "Premium, 1 year", "Shared calendar", "MyFiles 3GB"…)
    const english = new Set(
      [...plans.flatMap((p) => [p.displayName, p.description, ...p.primaryFeatures, ...p.secondaryFeatures])].concat(
        getBuildYourOwnPackage(2050)!.subscriptionLengthOptions.SUB1YEAR!.options.map((o) => o.description),
      ),
    );
    const texts = ownTexts();
    expect(texts.filter((t) => english.has(t))).toEqual([]);
    // …and the Spanish texts are there instead
    expect(texts).toContain(esMX['catalogue.family.PREMIUM']);
    expect(texts).toContain(esMX['catalogue.feature.sharedCalendar']);
    expect(texts).toContain('Prémium, 1 año');
    expect(document.body.textContent).toContain(esMX['catalogue.option.MYFILES_3GB']);
  });

  it('§1 en-US still reads the English the domain exports (its defaultMessage)', async () => {
    await packageStepIn('en-US');
    const texts = ownTexts();
    expect(texts).toContain('Premium');
    expect(texts).toContain('Premium, 1 year');
    expect(texts).toContain('Shared calendar');
  });

  it('every id of @ofw/domain catalogueMessages has a text in all four catalogues (extracted by i18n:extract); Spanish ones are not English', () => {
    for (const [id, m] of Object.entries(catalogueMessages)) {
      for (const catalogue of [enUS, enGB, esUS, esMX] as Record<string, string>[])
        expect(catalogue[id], id).toEqual(expect.any(String));
      expect((enUS as Record<string, string>)[id]).toBe(m.defaultMessage);
      if (!/^Paquete|OurFamilyWizard/.test((esMX as Record<string, string>)[id]!))
        expect((esMX as Record<string, string>)[id], id).not.toBe(m.defaultMessage);
      expect((esUS as Record<string, string>)[id], id).not.toBe(m.defaultMessage);
    }
  });
});
