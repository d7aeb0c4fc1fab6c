import {
  monthlyPrice,
  purchaseFlow,
  vatForPrice,
  type BuildYourOwnPackage,
  type CouponAvailability,
  type Flow,
  type Package,
} from '@ofw/domain';
import {
  BackButton,
  ErrorBanner,
  PackageCard,
  PackageGrid,
  StatusMessage,
  YearSwitch,
  type PackageCardView,
} from '@ofw/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useServices } from '../../services.js';
import { BuildYourOwn } from '../BuildYourOwn.js';
import { byoOf, decoratePackage, usePackageData } from '../chosen-package.js';
import { useVariants } from '../experiments.js';
import { JoinFaq } from '../JoinFaq.js';
import { appMessages, packageMessages, stepMessages } from '../messages.js';
import { money } from '../format.js';
import { useJoin, type StepNav } from '../use-join.js';

/** The card view of a package: prices formatted, VAT line for GBP, discount as amount and percent, prorated price. */
export function packageView(
  intl: IntlShape,
  pkg: Package,
  opts: { badge?: string; secondaryFeatures?: boolean } = {},
): PackageCardView {
  const fmt = (n: number) => money(intl, n, pkg.currencyCode);
  const total = pkg.discount ? pkg.discount.discountedYearlyPrice : pkg.totalPrice;
  const monthly = pkg.discount
    ? pkg.discount.discountedMonthlyPrice
    : monthlyPrice(pkg.totalPrice, pkg.subDurationInYears);
  const vat = vatForPrice(total, pkg.currencyCode);
  return {
    id: pkg.id,
    selectButtonId: pkg.selectButtonId,
    name: pkg.displayName,
    description: pkg.description,
    totalPrice: fmt(total),
    monthlyPrice: intl.formatMessage(packageMessages.perMonth, { price: fmt(monthly) }),
    termText: intl.formatMessage(packageMessages.term, { years: pkg.subDurationInYears }),
    // §9: the VAT included in the total shown (the discounted one when a coupon applies); GBP only.
    ...(vat !== undefined ? { vatLine: intl.formatMessage(packageMessages.vat, { vat: fmt(vat) }) } : {}),
    ...(pkg.discount
      ? {
          discount: {
            label: intl.formatMessage(packageMessages.discount, {
              amount: fmt(pkg.discount.discountAmount),
              percent: pkg.discount.discountPercent,
            }),
            discountedTotal: fmt(pkg.discount.discountedYearlyPrice),
            originalTotal: fmt(pkg.totalPrice),
            originalLabel: intl.formatMessage(packageMessages.was),
          },
        }
      : {}),
    ...(pkg.proratedPriceInfo
      ? {
          proratedLine: intl.formatMessage(packageMessages.prorated, {
            price: fmt(pkg.proratedPriceInfo.proratedPrice),
          }),
        }
      : {}),
    primaryFeatures: pkg.primaryFeatures,
    ...(opts.secondaryFeatures === false ? {} : { secondaryFeatures: pkg.secondaryFeatures }),
    ...(opts.badge ? { badge: opts.badge } : {}),
  };
}

/**
 * Step 2, package choice (§2, §3, §4): fixed tiers side by side for the chosen length (1/2-year switch) with total,
 * monthly price, VAT for GBP, coupon discounts (amount and percent), prorated upgrade prices, and build-your-own
 * with a live total. Selecting a package goes on to the terms.
 */
export function PackageStep({ flow, nav }: { flow: Flow; nav: StepNav }) {
  const intl = useIntl();
  const { api } = useServices();
  const { state, patchState, progress, patchProgress } = useJoin();
  const { currency, query } = usePackageData(flow);
  const { variants } = useVariants(flow);

  // Coupons (§3 availability entries): by signup, or by invite token for an invited co-parent not signed up yet.
  const byInvite = flow === 'ctj' && !state.authToken && Boolean(state.inviteToken);
  const coupons = useQuery({
    queryKey: ['coupons', byInvite ? state.inviteToken : progress.signupId],
    queryFn: (): Promise<CouponAvailability[]> =>
      byInvite
        ? api.getInviteCoupons(state.inviteToken!)
        : api.getCoupons({ registrationKey: progress.registrationKey!, signupId: progress.signupId! }),
    enabled: byInvite || Boolean(progress.signupId && progress.registrationKey),
    staleTime: 5 * 60 * 1000,
  });
  useEffect(() => {
    if (coupons.data) patchState({ availableCoupons: coupons.data });
  }, [coupons.data, patchState]);

  const data = query.data;
  const all = (data?.packages ?? []) as Package[];
  const hasTwoYears = all.some((p) => p.subDurationInYears === 2);
  const years = hasTwoYears ? progress.years : 1;
  const shown = all
    .filter((p) => p.subDurationInYears === years && p.family !== 'BYO')
    .map((p) => decoratePackage(p, state.availableCoupons, data?.upgradeOptions))
    .sort((a, b) => a.totalPrice - b.totalPrice);
  const byo: BuildYourOwnPackage | undefined = byoOf(data);
  const upgrade = purchaseFlow({ upgradeOptions: data?.upgradeOptions ?? undefined }) === 'upgrade';
  const proName = [state.proFirstName, state.proLastName].filter(Boolean).join(' ');

  const choose = (packageId: number, extra: Partial<typeof progress> = {}) => {
    patchProgress({ packageId, alaCarte: undefined, upgrade, ...extra });
    nav.next();
  };

  const faq = <JoinFaq />;
  const byoBlock = byo ? (
    <BuildYourOwn
      byo={byo}
      years={years}
      currency={currency}
      initial={progress.alaCarte}
      onSelect={(selection) => {
        patchProgress({ packageId: byo.packageId, alaCarte: selection, upgrade: false });
        nav.next();
      }}
    />
  ) : null;
  return (
    <div>
      <p>{intl.formatMessage(packageMessages.intro)}</p>
      {flow === 'pro' && proName ? (
        <p className="pro-banner">{intl.formatMessage(packageMessages.proFor, { name: proName })}</p>
      ) : null}
      {upgrade ? <p>{intl.formatMessage(packageMessages.upgradeIntro)}</p> : null}
      {variants.faqFirst ? faq : null}
      {query.isError ? (
        <ErrorBanner message={intl.formatMessage(appMessages.unexpectedError)} focusOnShow={false} />
      ) : null}
      <StatusMessage>{query.isLoading ? intl.formatMessage(packageMessages.loading) : null}</StatusMessage>
      {data ? (
        <>
          {hasTwoYears ? (
            <YearSwitch
              value={years}
              onChange={(y) => patchProgress({ years: y })}
              labels={{
                legend: intl.formatMessage(packageMessages.length),
                one: intl.formatMessage(packageMessages.oneYear),
                two: intl.formatMessage(packageMessages.twoYears),
              }}
            />
          ) : null}
          {variants.buildYourOwn ? byoBlock : null}
          {shown.length ? (
            <PackageGrid label={intl.formatMessage(packageMessages.plans)}>
              {shown.map((pkg) => (
                <PackageCard
                  key={pkg.id}
                  pkg={packageView(intl, pkg, {
                    secondaryFeatures: variants.fullComparison,
                    ...(variants.popularBadge && pkg.family === 'PREMIUM'
                      ? { badge: intl.formatMessage(packageMessages.mostPopular) }
                      : {}),
                  })}
                  selected={progress.packageId === pkg.id && !progress.alaCarte}
                  selectLabel={intl.formatMessage(
                    progress.packageId === pkg.id && !progress.alaCarte
                      ? packageMessages.selected
                      : packageMessages.select,
                  )}
                  onSelect={(id) => choose(id)}
                />
              ))}
            </PackageGrid>
          ) : !byo ? (
            <p>{intl.formatMessage(packageMessages.none)}</p>
          ) : null}
          {variants.buildYourOwn ? null : byoBlock}
        </>
      ) : null}
      <div className="ofw-actions">
        <BackButton label={intl.formatMessage(stepMessages.back)} onClick={nav.back} />
      </div>
      {variants.faqFirst ? null : faq}
    </div>
  );
}
