import type { Flow, Package } from '@ofw/domain';
import { useAtom } from 'jotai';
import { chosenPackageAtom, type JoinProgress } from '../../../state/join-state.js';
import { byoOf, useCoupons, usePackageData } from '../../chosen-package.js';
import { isUpgradeContext, quoteContextOf } from '../../pricing.js';
import type { StepNav } from '../../use-join.js';
import { cardPricing } from './package-view.js';

/**
 * State of the package step: the package data and coupons (TanStack Query), the quote context they give, the fixed
 * tiers of the chosen length priced for their cards (cheapest first), the build-your-own package, and the choice —
 * kept in the small persisted {@link chosenPackageAtom} until an order exists. Choosing goes on to the terms.
 */
export function usePackageChoice(flow: Flow, nav: StepNav) {
  const { currency, query } = usePackageData(flow);
  // Coupons (§3 availability entries): by signup, or by invite token for an invited co-parent not signed up yet.
  const coupons = useCoupons(flow).data;
  const [choice, patchChoice] = useAtom(chosenPackageAtom);
  const data = query.data;
  const context = data ? quoteContextOf(data, currency, flow, coupons) : undefined;
  const all = (data?.packages ?? []) as Package[];
  const hasTwoYears = all.some((p) => p.subDurationInYears === 2);
  const years = hasTwoYears ? choice.years : 1;
  const shown = context
    ? all
        .filter((p) => p.subDurationInYears === years && p.family !== 'BYO')
        .flatMap((pkg) => {
          const pricing = cardPricing(pkg, context);
          return pricing ? [{ pkg, pricing }] : [];
        })
        .sort((a, b) => (a.pricing.purchase.list < b.pricing.purchase.list ? -1 : 1))
    : [];
  const upgrade = context ? isUpgradeContext(context) : false;

  const choose = (packageId: number, extra: Partial<JoinProgress> = {}) => {
    patchChoice({ packageId, alaCarte: undefined, upgrade, ...extra });
    nav.next();
  };
  const chooseByo = (packageId: number, alaCarte: JoinProgress['alaCarte'], isUpgrade: boolean) => {
    patchChoice({ packageId, alaCarte, upgrade: isUpgrade });
    nav.next();
  };
  const isSelected = (packageId: number) => choice.packageId === packageId && !choice.alaCarte;

  return {
    query,
    data,
    context,
    hasTwoYears,
    years,
    setYears: (y: 1 | 2) => patchChoice({ years: y }),
    shown,
    byo: byoOf(data),
    upgrade,
    alaCarte: choice.alaCarte,
    choose,
    chooseByo,
    isSelected,
  };
}
