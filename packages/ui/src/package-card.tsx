import { useId, type ReactNode } from 'react';
import { Button } from './button.js';
import { cx } from './cx.js';

/**
 * What a package card displays. All prices are already formatted for the parent's locale and currency
 * (e.g. with `Intl.NumberFormat`), all texts already localized.
 */
export interface PackageCardView {
  /** The §3 package id, passed back to `onSelect`. */
  id: number;
  /** DOM id of the select button; the §3 Package `selectButtonId` (tests and analytics rely on it). */
  selectButtonId: string;
  /** Package name, e.g. "Premium"; the card's heading and accessible name. */
  name: string;
  /** Optional line under the name. */
  description?: string;
  /** e.g. "$216.00" — the total for the subscription length. */
  totalPrice: string;
  /** e.g. "$18.00/mo" — monthly equivalent (§9 monthly price). */
  monthlyPrice: string;
  /** e.g. "for 1 year, billed once". */
  termText?: string;
  /** GBP only: e.g. "Includes £26.00 VAT". */
  vatLine?: string;
  /** When a coupon applies: e.g. "Save $20.00 (9%)" and the discounted total. */
  discount?: { label: string; discountedTotal: string; originalTotal: string; originalLabel: string };
  /** Upgrade: e.g. "Pay $52.34 today (prorated)". */
  proratedLine?: string;
  /**
   * Why the package cannot be chosen, e.g. "You already have this plan or a higher one." Shown above the select
   * button and added to the button's accessible description; pair it with `disabled`.
   */
  note?: string;
  /** Main features, listed first (§2: a comparison of primary and secondary features). */
  primaryFeatures?: readonly string[];
  /** Further features, listed after in a lighter style. */
  secondaryFeatures?: readonly string[];
  /** A badge such as "Most popular". */
  badge?: string;
}

/** Props of {@link PackageCard}. */
export interface PackageCardProps {
  pkg: PackageCardView;
  /** Localized select button text, e.g. "Select" (the package name is added for screen readers). */
  selectLabel: string;
  /** Called with `pkg.id` when the select button is pressed (not while busy or disabled). */
  onSelect: (id: number) => void;
  /** The chosen package: highlighted, its button `aria-pressed`. */
  selected?: boolean;
  /** The card whose request is in flight shows a busy button; all others are disabled. */
  busy?: boolean;
  /** Disables the select button (e.g. while another card's request is in flight). */
  disabled?: boolean;
  /** Level of the package name heading. Default 3. */
  headingLevel?: 2 | 3;
  /** Extra content shown above the select button. */
  children?: ReactNode;
}

/**
 * One fixed-tier package (§2 package choice): name, total and monthly price, VAT line for GBP, coupon discount as
 * amount and percent, prorated upgrade price, features, and a select button whose `id` is `selectButtonId`.
 * In a {@link PackageGrid} its three parts — badge and name, price, features and button — take the rows of the grid
 * (CSS subgrid), so a badge or a longer description on one card never pushes its price below its neighbours'.
 */
export function PackageCard({
  pkg,
  selectLabel,
  onSelect,
  selected,
  busy,
  disabled,
  headingLevel = 3,
  children,
}: PackageCardProps) {
  const H = `h${headingLevel}` as 'h3';
  const headingId = `pkg-${pkg.id}-name`;
  const noteId = `pkg-${pkg.id}-note`;
  return (
    <article className={cx('ofw-package', selected && 'ofw-package--selected')} aria-labelledby={headingId}>
      <div className="ofw-package__header">
        {pkg.badge ? <p className="ofw-package__badge">{pkg.badge}</p> : null}
        <H id={headingId} className="ofw-package__name">
          {pkg.name}
        </H>
        {pkg.description ? <p className="ofw-package__description">{pkg.description}</p> : null}
      </div>
      <div className="ofw-package__price">
        {pkg.discount ? (
          <>
            <p className="ofw-package__total">
              <span className="ofw-visually-hidden">{pkg.discount.originalLabel} </span>
              <s>{pkg.discount.originalTotal}</s> {pkg.discount.discountedTotal}
            </p>
            <p className="ofw-package__discount">{pkg.discount.label}</p>
          </>
        ) : (
          <p className="ofw-package__total">{pkg.totalPrice}</p>
        )}
        <p className="ofw-package__monthly">{pkg.monthlyPrice}</p>
        {pkg.termText ? <p className="ofw-package__term">{pkg.termText}</p> : null}
        {pkg.vatLine ? <p className="ofw-package__vat">{pkg.vatLine}</p> : null}
        {pkg.proratedLine ? <p className="ofw-package__prorated">{pkg.proratedLine}</p> : null}
      </div>
      <div className="ofw-package__body">
        <FeatureList features={pkg.primaryFeatures} />
        <FeatureList features={pkg.secondaryFeatures} secondary />
        {children}
        {pkg.note ? (
          <p id={noteId} className="ofw-package__note">
            {pkg.note}
          </p>
        ) : null}
        <Button
          id={pkg.selectButtonId}
          className="ofw-package__select"
          busy={busy}
          disabled={disabled && !busy}
          aria-describedby={pkg.note ? `${headingId} ${noteId}` : headingId}
          aria-pressed={selected ? true : undefined}
          onClick={() => onSelect(pkg.id)}
        >
          {selectLabel}
        </Button>
      </div>
    </article>
  );
}

function FeatureList({ features, secondary }: { features: readonly string[] | undefined; secondary?: boolean }) {
  if (!features?.length) return null;
  return (
    <ul className={cx('ofw-package__features', secondary && 'ofw-package__features--secondary')}>
      {features.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}

/** Props of {@link PackageGrid}. */
export interface PackageGridProps {
  /** Localized accessible name of the group, e.g. "Packages". */
  label: string;
  /** The {@link PackageCard}s, laid side by side. */
  children: ReactNode;
}

/**
 * Lays package cards side by side so their features can be compared: a CSS grid of `auto-fit` columns at least
 * 220 px wide (16 px gap), so the cards stack when fewer than two columns fit (below about 456 px). The cards of a
 * row share its row tracks, so their names, prices and select buttons line up.
 */
export function PackageGrid({ label, children }: PackageGridProps) {
  return (
    <div role="group" aria-label={label} className="ofw-package-grid">
      {children}
    </div>
  );
}

/** Props of {@link YearSwitch}. */
export interface YearSwitchProps {
  /** The subscription length shown, in years. */
  value: 1 | 2;
  /** Called with the newly chosen length. */
  onChange: (years: 1 | 2) => void;
  /** Localized texts: legend ("Subscription length"), and the two options ("1 year", "2 years"). */
  labels: { legend: string; one: string; two: string };
}

/**
 * The 1/2-year switch of the package step: a radio group styled as a segmented control. Its radios share a name of
 * their own (`useId`), so two switches on one page are two independent groups.
 */
export function YearSwitch({ value, onChange, labels }: YearSwitchProps) {
  const name = `ofw-years-${useId()}`;
  return (
    <fieldset className="ofw-year-switch">
      <legend className="ofw-year-switch__legend">{labels.legend}</legend>
      {([1, 2] as const).map((y) => (
        <label key={y} className={cx('ofw-year-switch__option', value === y && 'ofw-year-switch__option--checked')}>
          <input type="radio" name={name} value={y} checked={value === y} onChange={() => onChange(y)} />
          <span>{y === 1 ? labels.one : labels.two}</span>
        </label>
      ))}
    </fieldset>
  );
}
