import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { PackageCard, PackageGrid, YearSwitch, type PackageCardView } from '../src/index.js';
import { GB_PRICES, US_PRICES, money, tierView } from './fixtures.js';

export default { title: 'Steps / Package choice' } satisfies StoryDefault;

const TIERS = ['essentials', 'premium', 'max'] as const;
const YEAR_LABELS = { legend: 'Subscription length', one: '1 year', two: '2 years' };

const usCards = (years: 1 | 2) =>
  TIERS.map((t, i) => tierView(t, 2051 + i * 2 + (years - 1), US_PRICES[t][years === 1 ? 0 : 1], years));

function Choice({ cards, years, onYears }: { cards: PackageCardView[]; years?: 1 | 2; onYears?: (y: 1 | 2) => void }) {
  const [selected, setSelected] = useState<number>();
  return (
    <>
      {years && onYears ? <YearSwitch value={years} onChange={onYears} labels={YEAR_LABELS} /> : null}
      <PackageGrid label="Plans">
        {cards.map((pkg) => (
          <PackageCard
            key={pkg.id}
            pkg={pkg}
            selectLabel={selected === pkg.id ? 'Selected' : 'Select'}
            selected={selected === pkg.id}
            disabled={Boolean(pkg.note)}
            onSelect={setSelected}
          />
        ))}
      </PackageGrid>
    </>
  );
}

/** §2 fixed tiers side by side (USD) with the 1/2-year switch: the totals and monthly prices follow the switch. */
export const FixedTiersUSD: Story = () => {
  const [years, setYears] = useState<1 | 2>(1);
  return <Choice cards={usCards(years)} years={years} onYears={setYears} />;
};

/** GBP: each card shows its VAT line (§3 `vatAmount`, GBP only). */
export const PoundsWithVAT: Story = () => (
  <Choice
    cards={TIERS.map((t, i) => ({
      ...tierView(t, 2061 + i, GB_PRICES[t].total, 1, 'GBP', 'en-GB'),
      vatLine: `Includes ${money(GB_PRICES[t].vat, 'GBP', 'en-GB')} VAT`,
    }))}
  />
);

/** §4 coupon discount shown as both amount and percent, the original total struck through. */
export const CouponDiscount: Story = () => (
  <Choice
    cards={TIERS.map((t, i) => {
      const total = US_PRICES[t][0];
      const off = Math.round(total * 0.2 * 100) / 100;
      return {
        ...tierView(t, 2051 + i * 2, total, 1),
        discount: {
          label: `Save ${money(off)} (20%)`,
          discountedTotal: money(total - off),
          originalTotal: money(total),
          originalLabel: 'Was',
        },
      };
    })}
  />
);

/**
 * §4 upgrade: a paying parent sees the prorated price of the higher tiers; the plan they hold (or a cheaper one) is
 * not selectable and its note says why.
 */
export const UpgradeProrated: Story = () => (
  <Choice
    cards={[
      {
        ...tierView('essentials', 2051, US_PRICES.essentials[0], 1),
        note: 'You already have this plan or a higher one. Only an upgrade can be bought.',
      },
      {
        ...tierView('premium', 2053, US_PRICES.premium[0], 1),
        proratedLine: `Upgrade today for ${money(52.34)} (prorated)`,
      },
      { ...tierView('max', 2055, US_PRICES.max[0], 1), proratedLine: `Upgrade today for ${money(113.21)} (prorated)` },
    ]}
  />
);

/** Submitting: the chosen card's button is busy, the others disabled, so no second package can be sent. */
export const Submitting: Story = () => {
  const [busyId, setBusyId] = useState<number>();
  return (
    <PackageGrid label="Plans">
      {usCards(1).map((pkg) => (
        <PackageCard
          key={pkg.id}
          pkg={pkg}
          selectLabel="Select"
          busy={busyId === pkg.id}
          disabled={busyId !== undefined}
          onSelect={(id) => {
            setBusyId(id);
            setTimeout(() => setBusyId(undefined), 2000);
          }}
        />
      ))}
    </PackageGrid>
  );
};

/** A single card with custom content (children) above its button. */
export const SingleCard: Story = () => (
  <div style={{ maxWidth: 340 }}>
    <PackageCard pkg={tierView('premium', 2053, 216, 1)} selectLabel="Select" onSelect={() => {}} headingLevel={2}>
      <p>Best for co-parents who share expenses.</p>
    </PackageCard>
  </div>
);

export const YearSwitchOnly: Story = () => {
  const [years, setYears] = useState<1 | 2>(2);
  return <YearSwitch value={years} onChange={setYears} labels={{ legend: 'Duración', one: '1 año', two: '2 años' }} />;
};

/** At 360 px the cards stack. */
/** The same story on a 360 px phone. */
export const Phone: Story = () => <FixedTiersUSD />;
Phone.meta = { width: 360 };
FixedTiersUSD.storyName = 'Fixed tiers in USD';
PoundsWithVAT.storyName = 'Pounds with VAT';
