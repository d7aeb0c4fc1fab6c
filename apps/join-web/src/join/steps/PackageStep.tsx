import type { Flow } from '@ofw/domain';
import { BackButton, PackageCard, PackageGrid, StatusMessage, YearSwitch } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { BuildYourOwn } from '../BuildYourOwn.js';
import { JoinFaq } from '../JoinFaq.js';
import { packageMessages, stepMessages } from '../messages.js';
import { RetryableError } from '../RetryableError.js';
import { useJoin, type StepNav } from '../use-join.js';
import { packageView } from './package/package-view.js';
import { PromoCode } from './package/PromoCode.js';
import { usePackageChoice } from './package/use-package-choice.js';

export { cardPricing, packageView, type CardPricing } from './package/package-view.js';

/**
 * Step 2, package choice (§2, §3, §4). The §9 experiments change nothing here (spec §3 and §9 name them but say
 * nothing of what they change): every parent sees one page, whatever GET /experiments answers.
 *
 * Package choice: fixed tiers side by side for the chosen length (1/2-year switch) with total,
 * monthly price, VAT for GBP, coupon discounts (amount and percent), prorated upgrade prices, and build-your-own
 * with a live total. Selecting a package goes on to the terms.
 */
export function PackageStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { state } = useJoin();
  const c = usePackageChoice(flow, nav);
  const proName = [state.proFirstName, state.proLastName].filter(Boolean).join(' ');

  const byoBlock =
    c.byo && c.context ? (
      <BuildYourOwn
        byo={c.byo}
        years={c.years}
        context={c.context}
        initial={c.alaCarte}
        onSelect={(selection, q) => c.chooseByo(c.byo!.packageId, selection, q.prorated !== null)}
      />
    ) : null;
  return (
    <div>
      <p>{intl.formatMessage(packageMessages.intro)}</p>
      {flow === 'pro' && proName ? (
        <p className="pro-banner">{intl.formatMessage(packageMessages.proFor, { name: proName })}</p>
      ) : null}
      {c.upgrade ? (
        <>
          <p>{intl.formatMessage(packageMessages.upgradeIntro)}</p>
          <p id="upgrades-only">{intl.formatMessage(packageMessages.upgradesOnly)}</p>
        </>
      ) : null}
      <RetryableError
        error={c.query.error}
        kind="load"
        busy={c.query.isFetching}
        onRetry={() => void c.query.refetch()}
      />
      <StatusMessage>{c.query.isLoading ? intl.formatMessage(packageMessages.loading) : null}</StatusMessage>
      {c.data ? (
        <>
          {c.hasTwoYears ? (
            <YearSwitch
              value={c.years}
              onChange={c.setYears}
              labels={{
                legend: intl.formatMessage(packageMessages.length),
                one: intl.formatMessage(packageMessages.oneYear),
                two: intl.formatMessage(packageMessages.twoYears),
              }}
            />
          ) : null}
          {c.shown.length ? (
            <PackageGrid label={intl.formatMessage(packageMessages.plans)}>
              {c.shown.map(({ pkg, pricing }) => (
                <PackageCard
                  key={pkg.id}
                  // the plans are the step's first section under its h1 (the FAQ and build-your-own are h2 too)
                  headingLevel={2}
                  pkg={packageView(intl, pkg, pricing, { secondaryFeatures: false })}
                  selected={c.isSelected(pkg.id)}
                  selectLabel={intl.formatMessage(
                    c.isSelected(pkg.id) ? packageMessages.selected : packageMessages.select,
                  )}
                  disabled={pricing.refused}
                  onSelect={(id) => c.choose(id)}
                />
              ))}
            </PackageGrid>
          ) : !c.byo ? (
            <p>{intl.formatMessage(packageMessages.none)}</p>
          ) : null}
          <PromoCode flow={flow} />
          {byoBlock}
        </>
      ) : null}
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
      {/* the plans come first in reading, keyboard and visual order, on a phone too: the FAQ follows them */}
      <JoinFaq />
    </div>
  );
}
