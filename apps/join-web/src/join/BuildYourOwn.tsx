import {
  byoOptionText,
  formatCatalogueText,
  type AlaCarteSelection,
  type BuildYourOwnPackage,
  type Quote,
  type QuoteContext,
} from '@ofw/domain';
import { Button, SelectField } from '@ofw/ui';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { packageMessages } from './messages.js';
import { isUpgradeContext, price, purchaseContextOf, tryQuote } from './pricing.js';

/**
 * Build-your-own (§3 "Build-your-own package", §9): the base subscription of the chosen length plus MyFiles
 * storage, ToneMeter and unlimited payments (the add-ons §9 prices), with a live total announced politely as it changes. The total,
 * its coupon discount and VAT, and an upgrade's prorated price all come from `quote` with the page's context (issue
 * 11 "One price": what `POST /orders` charges); a selection that is not an upgrade of the plan held cannot be chosen
 * and says why.
 */
export function BuildYourOwn({
  byo,
  years,
  context,
  initial,
  onSelect,
}: {
  byo: BuildYourOwnPackage;
  years: 1 | 2;
  context: QuoteContext;
  initial?: AlaCarteSelection | undefined;
  onSelect: (selection: AlaCarteSelection, quote: Quote) => void;
}) {
  const noteId = useId();
  const intl = useIntl();
  const wanted = years === 2 ? 'SUB2YEAR' : 'SUB1YEAR';
  const subscription = byo.subscriptionLengthOptions[wanted] ? wanted : 'SUB1YEAR';
  const length = byo.subscriptionLengthOptions[subscription];
  const [choice, setChoice] = useState<Omit<AlaCarteSelection, 'subscription'>>(() => ({
    myfiles: initial?.myfiles ?? null,
    tonemeter: initial?.tonemeter ?? false,
    unlimitedPayments: initial?.unlimitedPayments ?? false,
    // §9 gives the calls feature (CALLSBASIC) no price, like TONEMETERENHANCED: neither is offered nor chosen, even
    // when a catalogue lists it or a stored choice names it
    calls: null,
  }));
  if (!length) return null;
  const options = length.options;
  const fmt = (n: number) => price(n, context.currency);
  const of = (name: string) => options.filter((o) => o.optionName === name);
  const selection: AlaCarteSelection = { subscription, ...choice };
  const quoted = { packageId: byo.packageId, alaCarte: selection };
  // The plan itself (total, coupon, VAT) and, for a parent with a subscription, the upgrade charged today.
  const purchase = tryQuote(quoted, purchaseContextOf(context));
  const upgrading = isUpgradeContext(context);
  const charged = upgrading ? tryQuote(quoted, context) : purchase;
  const refused = upgrading && purchase.ok && !charged.ok && charged.code === 'not_an_upgrade';
  const total = purchase.ok ? purchase.quote : undefined;
  // the option's name in the parent's locale (@ofw/domain's message id of its optionCode), its English otherwise
  const optionName = (o: (typeof options)[number]) => {
    const text = byoOptionText(o.optionCode);
    return text ? formatCatalogueText(text, intl.formatMessage) : o.description;
  };
  const optionLabel = (o: (typeof options)[number]) =>
    o.price > 0
      ? intl.formatMessage(packageMessages.byoOption, { name: optionName(o), price: fmt(o.price) })
      : optionName(o);
  const checkbox = (key: 'tonemeter' | 'unlimitedPayments', optionName: string, label: string) => {
    const option = of(optionName)[0];
    if (!option) return null;
    return (
      <label className="ofw-radio byo__option">
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
      <div className="byo__total" aria-live="polite">
        {total ? (
          <>
            <p>{intl.formatMessage(packageMessages.byoTotal, { total: fmt(total.charged) })}</p>
            {total.discount > 0 ? (
              <p>
                {intl.formatMessage(packageMessages.discount, {
                  amount: fmt(total.discount),
                  percent: total.discountPercent,
                })}
              </p>
            ) : null}
            {total.vat !== null ? <p>{intl.formatMessage(packageMessages.vat, { vat: fmt(total.vat) })}</p> : null}
            {upgrading && charged.ok && charged.quote.prorated !== null ? (
              <p>{intl.formatMessage(packageMessages.prorated, { price: fmt(charged.quote.charged) })}</p>
            ) : null}
          </>
        ) : null}
        {refused ? <p id={noteId}>{intl.formatMessage(packageMessages.byoNotAnUpgrade)}</p> : null}
      </div>
      <Button
        id="select-build-your-own"
        disabled={!charged.ok}
        aria-describedby={refused ? noteId : undefined}
        onClick={() => charged.ok && onSelect(selection, charged.quote)}
      >
        {intl.formatMessage(packageMessages.byoSelect)}
      </Button>
    </section>
  );
}
