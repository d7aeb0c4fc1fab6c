import { isApiError } from '@ofw/api-client/errors';
import type { CouponCheckResponse } from '@ofw/api-client';
import { couponCheckMutation } from '@ofw/api-client/query';
import { formatCatalogueText, packageText, type Flow, type Package } from '@ofw/domain';
import { Button, TextField } from '@ofw/ui';
import { useMutation } from '@tanstack/react-query';
import { useAtom, useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useServices } from '../../../services.js';
import { chosenPackageAtom, promoCodeAtom } from '../../../state/join-state.js';
import { failureMessage } from '../../api-errors.js';
import { usePackageData } from '../../chosen-package.js';
import { packageMessages } from '../../messages.js';
import { price } from '../../pricing.js';

/** Why a code was refused, in the page's language: join-api's reason (§4 "Discount"), a 429's wait, or a failure. */
function refusalText(intl: IntlShape, error: unknown): string {
  if (isApiError(error, 'coupon_unknown')) return intl.formatMessage(packageMessages.promoUnknown);
  if (isApiError(error, 'coupon_expired')) return intl.formatMessage(packageMessages.promoExpired);
  if (isApiError(error, 'coupon_not_applicable')) return intl.formatMessage(packageMessages.promoNotApplicable);
  return failureMessage(intl, error, 'save');
}

/**
 * The promotion code of the plans step: "Add promotion code" opens an input and Apply, which asks join-api
 * (`POST /coupons/check`) for the code's §3 availability entry. The entry is kept with the join (`promoCodeAtom`) and
 * quoted first among its coupons, so the cards, the payment summary and the Pay button show the discounted price
 * (§4 "Discount"), and the order carries the code so join-api charges the same. The parent can remove it.
 */
export function PromoCode({ flow }: { flow: Flow }) {
  const intl = useIntl();
  const { api } = useServices();
  const [{ coupon }, patchCoupon] = useAtom(promoCodeAtom);
  const setChoice = useSetAtom(chosenPackageAtom);
  const packages = (usePackageData(flow).query.data?.packages ?? []) as Package[];
  const check = useMutation(couponCheckMutation(api));
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  const [focusInput, setFocusInput] = useState(false);

  useEffect(() => {
    if (focusInput && open) input.current?.focus();
  }, [focusInput, open]);

  const applied = (entry: CouponCheckResponse) => {
    patchCoupon({ coupon: entry });
    setCode('');
    // show the plan the code is for: its length on the 1/2-year switch
    const pkg = packages.find((p) => p.id === entry.packageId);
    if (pkg) setChoice({ years: pkg.subDurationInYears });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // a refusal is read with the field (aria-describedby): focus goes back to it
    const refuse = (text: string) => {
      setError(text);
      input.current?.focus();
    };
    if (!code.trim()) return refuse(intl.formatMessage(packageMessages.promoRequired));
    setError(undefined);
    check.mutate({ couponCode: code.trim() }, { onSuccess: applied, onError: (err) => refuse(refusalText(intl, err)) });
  };

  if (coupon) {
    const pkg = packages.find((p) => p.id === coupon.packageId);
    const plan = pkg ? formatCatalogueText(packageText(pkg).name, intl.formatMessage) : '';
    return (
      <div className="promo-code">
        <p role="status">
          {intl.formatMessage(packageMessages.promoApplied, {
            code: coupon.code,
            amount: pkg ? price(coupon.discountAmount, pkg.currencyCode) : String(coupon.discountAmount),
            plan,
            years: pkg?.subDurationInYears ?? 1,
          })}
        </p>
        <Button
          variant="link"
          onClick={() => {
            patchCoupon({ coupon: undefined });
            setOpen(true);
            setFocusInput(true);
          }}
        >
          {intl.formatMessage(packageMessages.promoRemove, { code: coupon.code })}
        </Button>
      </div>
    );
  }
  if (!open)
    return (
      <div className="promo-code">
        <Button
          variant="link"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            setFocusInput(true);
          }}
        >
          {intl.formatMessage(packageMessages.promoAdd)}
        </Button>
      </div>
    );
  return (
    <form className="promo-code" onSubmit={submit} noValidate>
      <TextField
        ref={input}
        label={intl.formatMessage(packageMessages.promoLabel)}
        name="couponCode"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        value={code}
        error={error}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="secondary" busy={check.isPending}>
        {intl.formatMessage(packageMessages.promoApply)}
      </Button>
    </form>
  );
}
