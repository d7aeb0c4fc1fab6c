import { byoPrice, type AlaCarteSelection, type BuildYourOwnPackage, type Currency } from '@ofw/domain';
import { Button, SelectField } from '@ofw/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { packageMessages } from './messages.js';
import { money } from './format.js';

/**
 * Build-your-own (§3 "Build-your-own package", §9): the base subscription of the chosen length plus MyFiles
 * storage, ToneMeter, unlimited payments and calls, with a live total (`byoPrice` from @ofw/domain, announced
 * politely as it changes).
 */
export function BuildYourOwn({
  byo,
  years,
  currency,
  initial,
  onSelect,
}: {
  byo: BuildYourOwnPackage;
  years: 1 | 2;
  currency: Currency;
  initial?: AlaCarteSelection | undefined;
  onSelect: (selection: AlaCarteSelection) => void;
}) {
  const intl = useIntl();
  const wanted = years === 2 ? 'SUB2YEAR' : 'SUB1YEAR';
  const subscription = byo.subscriptionLengthOptions[wanted] ? wanted : 'SUB1YEAR';
  const length = byo.subscriptionLengthOptions[subscription];
  const [choice, setChoice] = useState<Omit<AlaCarteSelection, 'subscription'>>(() => ({
    myfiles: initial?.myfiles ?? null,
    tonemeter: initial?.tonemeter ?? false,
    unlimitedPayments: initial?.unlimitedPayments ?? false,
    calls: initial?.calls ?? null,
  }));
  if (!length) return null;
  const options = length.options;
  const fmt = (n: number) => money(intl, n, currency);
  const of = (name: string) => options.filter((o) => o.optionName === name);
  const selection: AlaCarteSelection = { subscription, ...choice };
  let total: number | undefined;
  try {
    total = byoPrice(selection, byo);
  } catch {
    total = undefined;
  }
  const optionLabel = (o: (typeof options)[number]) =>
    o.price > 0
      ? intl.formatMessage(packageMessages.byoOption, { name: o.description, price: fmt(o.price) })
      : o.description;
  const checkbox = (key: 'tonemeter' | 'unlimitedPayments', optionName: string, label: string) => {
    const option = of(optionName)[0];
    if (!option) return null;
    return (
      <label className="ofw-radio">
        <input
          type="checkbox"
          checked={Boolean(choice[key])}
          onChange={(e) => setChoice((c) => ({ ...c, [key]: e.target.checked }))}
        />
        <span>{intl.formatMessage(packageMessages.byoOption, { name: label, price: fmt(option.price) })}</span>
      </label>
    );
  };

  return (
    <section className="byo" aria-labelledby="byo-heading">
      <h2 id="byo-heading">{intl.formatMessage(packageMessages.byoHeading)}</h2>
      <p>{intl.formatMessage(packageMessages.byoIntro)}</p>
      <p>{intl.formatMessage(packageMessages.byoBase, { price: fmt(length.price) })}</p>
      {of('MYFILES').length ? (
        <SelectField
          id="byo-myfiles"
          label={intl.formatMessage(packageMessages.byoMyFiles)}
          options={of('MYFILES').map((o) => ({ value: o.optionCode, label: optionLabel(o) }))}
          value={choice.myfiles ?? of('MYFILES')[0]!.optionCode}
          onChange={(e) => setChoice((c) => ({ ...c, myfiles: e.target.value }))}
        />
      ) : null}
      {checkbox('tonemeter', 'TONEMETER', intl.formatMessage(packageMessages.byoTonemeter))}
      {checkbox('unlimitedPayments', 'UNLIMITEDPAYMENTS', intl.formatMessage(packageMessages.byoPayments))}
      {of('CALLSBASIC').length ? (
        <SelectField
          id="byo-calls"
          label={intl.formatMessage(packageMessages.byoCalls)}
          placeholder={intl.formatMessage(packageMessages.byoNone)}
          options={of('CALLSBASIC').map((o) => ({ value: o.optionCode, label: optionLabel(o) }))}
          value={choice.calls ?? ''}
          onChange={(e) => setChoice((c) => ({ ...c, calls: e.target.value || null }))}
        />
      ) : null}
      <p className="byo__total" aria-live="polite">
        {total !== undefined ? intl.formatMessage(packageMessages.byoTotal, { total: fmt(total) }) : null}
      </p>
      <Button id="select-build-your-own" disabled={total === undefined} onClick={() => onSelect(selection)}>
        {intl.formatMessage(packageMessages.byoSelect)}
      </Button>
    </section>
  );
}
