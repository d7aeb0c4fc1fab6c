import { defineMessages } from '../../i18n/define-messages.js';

export const packageMessages = /* @__PURE__ */ defineMessages({
  intro: {
    id: 'package.intro',
    description: 'Introduction at the top of the plan step.',
    defaultMessage: 'Compare the plans and pick the one that suits your family.',
  },
  plans: { id: 'package.plans', description: 'Accessible name of the list of plan cards.', defaultMessage: 'Plans' },
  loading: {
    id: 'package.loading',
    description: 'Shown while the plans and prices load.',
    defaultMessage: 'Loading plans…',
  },
  length: {
    id: 'package.length',
    description: 'Label of the switch between a 1-year and a 2-year subscription.',
    defaultMessage: 'Subscription length',
  },
  oneYear: {
    id: 'package.oneYear',
    description: 'Option of the subscription length switch: a one-year subscription.',
    defaultMessage: '1 year',
  },
  twoYears: {
    id: 'package.twoYears',
    description: 'Option of the subscription length switch: a two-year subscription.',
    defaultMessage: '2 years',
  },
  select: {
    id: 'package.select',
    description: 'Button on a plan card that chooses that plan.',
    defaultMessage: 'Select',
  },
  selected: {
    id: 'package.selected',
    description: 'Button text on the plan card that is already chosen.',
    defaultMessage: 'Selected',
  },
  perMonth: {
    id: 'package.perMonth',
    description:
      'Monthly equivalent of a plan’s price on its card; {price} is a formatted amount with currency, e.g. $8.33.',
    defaultMessage: '{price}/month',
  },
  term: {
    id: 'package.term',
    description:
      'Under a plan’s price: the subscription lasts {years} years and is paid once up front (no monthly billing).',
    defaultMessage: '{years, plural, one {for # year, billed once} other {for # years, billed once}}',
  },
  vat: {
    id: 'package.vat',
    description:
      'Under a price in pounds: how much VAT (UK value added tax) the price includes; {vat} is a formatted amount, e.g. £20.00.',
    defaultMessage: 'Includes {vat} VAT',
  },
  discount: {
    id: 'package.discount',
    description:
      'Coupon saving on a plan card; {amount} is the formatted amount saved, {percent} the whole-number discount percentage (15 for 15 %), which the ::percent skeleton scales by 0.01 and formats as the locale does: keep the skeleton, write no % sign.',
    defaultMessage: 'Save {amount} ({percent, number, ::percent scale/0.01})',
  },
  was: {
    id: 'package.was',
    description: 'Label before the struck-through original price of a discounted plan.',
    defaultMessage: 'Was',
  },
  prorated: {
    id: 'package.prorated',
    description:
      'On a plan card for a parent who already has a subscription: the price to upgrade now; {price} is a formatted amount that only charges for the rest of the current subscription.',
    defaultMessage: 'Upgrade today for {price} (prorated)',
  },
  upgradeIntro: {
    id: 'package.upgradeIntro',
    description: 'Introduction of the plan step for a parent who already has a subscription and can only upgrade.',
    defaultMessage: 'You already have a subscription. Upgrading charges only the prorated difference.',
  },
  /** Spec §4 "Purchase flow": with a current subscription, only upgrades can be chosen; said near the plans. */
  upgradesOnly: {
    id: 'package.upgradesOnly',
    description: 'Note beside the plans for a parent with a subscription: lower or equal plans are disabled.',
    defaultMessage: 'Only an upgrade can be bought: the plan you have and plans that cost less cannot be chosen.',
  },
  /** Spec §4 "Purchase flow": on a plan card that is not an upgrade of the plan held (its select button is disabled). */
  notAnUpgrade: {
    id: 'package.notAnUpgrade',
    description: 'On a disabled plan card: the parent already has this plan or a better one.',
    defaultMessage: 'Not available: you already have this plan or a higher one.',
  },
  mostPopular: {
    id: 'package.mostPopular',
    description: 'Badge on the plan card most parents choose.',
    defaultMessage: 'Most popular',
  },
  none: {
    id: 'package.none',
    description: 'Shown instead of plan cards when nothing is on sale in the parent’s country.',
    defaultMessage: 'No plans are available for your country right now.',
  },
  byoHeading: {
    id: 'package.byo.heading',
    description: 'Heading of the section where the parent builds a custom plan from a base subscription and add-ons.',
    defaultMessage: 'Build your own plan',
  },
  byoIntro: {
    id: 'package.byo.intro',
    description: 'Introduction of the build-your-own plan section.',
    defaultMessage: 'Start with the essentials and add only what you need.',
  },
  byoBase: {
    id: 'package.byo.base',
    description: 'Price of the base subscription in the build-your-own section; {price} is a formatted amount.',
    defaultMessage: 'Base subscription: {price}',
  },
  byoMyFiles: {
    id: 'package.byo.myfiles',
    description:
      'Name of the add-on that gives storage for uploaded documents; "My Files" is the name of the feature in the product.',
    defaultMessage: 'My Files storage',
  },
  byoTonemeter: {
    id: 'package.byo.tonemeter',
    description: 'Name of an add-on (a tone checker for messages); a product name, normally left untranslated.',
    defaultMessage: 'ToneMeter',
  },
  byoPayments: {
    id: 'package.byo.payments',
    description: 'Name of the add-on for unlimited payments between co-parents with OFWpay (a product name).',
    defaultMessage: 'Unlimited OFWpay payments',
  },
  byoCalls: {
    id: 'package.byo.calls',
    description: 'Name of the add-on for voice and video calls between co-parents.',
    defaultMessage: 'Calls',
  },
  byoNone: {
    id: 'package.byo.none',
    description: 'Option of an add-on drop-down meaning the add-on is not included.',
    defaultMessage: 'None',
  },
  byoOption: {
    id: 'package.byo.option',
    description:
      'One option of an add-on drop-down; {name} is the option (e.g. 5 GB), {price} its formatted extra cost.',
    defaultMessage: '{name} (+{price})',
  },
  byoTotal: {
    id: 'package.byo.total',
    description: 'Total price of the build-your-own selection; {total} is a formatted amount.',
    defaultMessage: 'Total: {total}',
  },
  byoSelect: {
    id: 'package.byo.select',
    description: 'Button that chooses the build-your-own plan as configured.',
    defaultMessage: 'Select my plan',
  },
  /** Spec §4 "Purchase flow": a build-your-own selection that is not an upgrade of the plan held. */
  byoNotAnUpgrade: {
    id: 'package.byo.notAnUpgrade',
    description: 'Error in the build-your-own section when the selection is not better than the parent’s current plan.',
    defaultMessage:
      'This selection is not an upgrade of the plan you have. Add options or choose a longer subscription.',
  },
  proFor: {
    id: 'package.proFor',
    description: 'Heading of the plans a professional offers; {name} is the professional’s name or organization.',
    defaultMessage: 'Plans offered through {name}',
  },
  promoAdd: {
    id: 'package.promo.add',
    description: 'Button on the plans step that opens the promotion code field.',
    defaultMessage: 'Add promotion code',
  },
  promoLabel: {
    id: 'package.promo.label',
    description: 'Label of the promotion code input on the plans step.',
    defaultMessage: 'Promotion code',
  },
  promoApply: {
    id: 'package.promo.apply',
    description: 'Button that checks the typed promotion code and applies it to the prices.',
    defaultMessage: 'Apply',
  },
  promoApplied: {
    id: 'package.promo.applied',
    description:
      'Shown once a promotion code is applied; {code} is the code, {amount} the formatted amount off, {plan} the plan name, {years} its length in years.',
    defaultMessage:
      'Promotion code {code} applied: {amount} off {plan}, {years, plural, one {# year} other {# years}}.',
  },
  promoRemove: {
    id: 'package.promo.remove',
    description: 'Button that removes the applied promotion code; {code} is the code.',
    defaultMessage: 'Remove code {code}',
  },
  promoRequired: {
    id: 'package.promo.required',
    description: 'Error under the promotion code input when Apply is pressed with nothing typed.',
    defaultMessage: 'Enter a promotion code.',
  },
  promoUnknown: {
    id: 'package.promo.unknown',
    description: 'Error under the promotion code input: no such code exists.',
    defaultMessage: 'We do not recognize this promotion code. Check the spelling and try again.',
  },
  promoExpired: {
    id: 'package.promo.expired',
    description: 'Error under the promotion code input: the promotion has ended.',
    defaultMessage: 'This promotion code has expired.',
  },
  promoNotApplicable: {
    id: 'package.promo.notApplicable',
    description:
      'Error under the promotion code input: the code exists but is for another plan, country or kind of account than the ones offered to this parent.',
    defaultMessage: 'This promotion code cannot be used with the plans offered to you.',
  },
});
