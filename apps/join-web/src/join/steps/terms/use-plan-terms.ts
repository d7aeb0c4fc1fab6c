import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { autoRenewAtom } from '../../../state/join-state.js';
import { chosenName, isChosen, useChosenPackage, type ChosenPackage } from '../../chosen-package.js';
import { packageMessages, termsMessages } from '../../messages.js';
import { price } from '../../pricing.js';
import { useJoin } from '../../use-join.js';
import { renewalPriceText } from './renewal-text.js';

/**
 * The terms of the chosen plan, as the product applies them: its name, the price charged (`quote`, the amount the
 * payment step charges) and its term (§3 subDurationInYears), and what happens at the end of the term — as the
 * renewal choice says (docs/RENEWAL.md): renewed at the renewal price when ticked, else expired (§4 "Subscription
 * status"). Nothing about refunds. Empty while the package data loads; `chosen` is the package for the choice.
 */
export function usePlanTerms(): { items: string[]; chosen: ChosenPackage | undefined } {
  const intl = useIntl();
  const { state } = useJoin();
  const { autoRenew } = useAtomValue(autoRenewAtom);
  const chosen = useChosenPackage(state.flow ?? 'join', intl.formatMessage(packageMessages.byoHeading));
  if (!isChosen(chosen)) return { items: [], chosen: undefined };
  const q = chosen.quote;
  const renews = autoRenew === true && chosen.renewal !== undefined;
  return {
    chosen,
    items: [
      intl.formatMessage(termsMessages.plan, {
        plan: chosenName(intl, chosen),
        price: price(q.charged, q.currency),
        years: q.years,
      }),
      chosen.renewal && renews
        ? intl.formatMessage(termsMessages.termRenews, {
            years: q.years,
            price: renewalPriceText(intl, chosen.renewal),
          })
        : intl.formatMessage(termsMessages.termEnd, { years: q.years }),
    ],
  };
}
