import { defineMessages } from '../../i18n/define-messages.js';

/** Automatic renewal (docs/RENEWAL.md): the payment step's note, the confirmation, the renewal e-mail links' page. */
export const renewalMessages = /* @__PURE__ */ defineMessages({
  paymentSaved: {
    id: 'renewal.payment.saved',
    description:
      'Payment step, above the payment methods, when the parent chose automatic renewal on the terms step: the method they pay with is saved. {price} is the renewal price with its currency.',
    defaultMessage:
      'You chose automatic renewal: the card or account you pay with now will be saved and charged {price} on the last day of each term, until you turn renewal off.',
  },
  agreement: {
    id: 'renewal.payment.agreement',
    description:
      'Description of the PayPal billing agreement, shown by PayPal when the parent approves it and kept in their PayPal profile (at most 255 characters). {price} is the renewal price with its currency, {years} the term (1 or 2).',
    defaultMessage:
      'OurFamilyWizard subscription: renews automatically {years, plural, one {every year} other {every # years}} at {price} until you turn renewal off.',
  },
  confirmationRenews: {
    id: 'renewal.confirmation.renews',
    description:
      'Payment confirmation, when the subscription renews automatically. {date} is the renewal date (long date), {price} the renewal price with its currency, {method} what will be charged (e.g. "Visa ending in 1111", "PayPal (jane@example.com)").',
    defaultMessage: 'Renews automatically on {date} at {price} with {method}.',
  },
  confirmationExpires: {
    id: 'renewal.confirmation.expires',
    description: 'Payment confirmation, when the subscription does not renew automatically. {date} is its end date.',
    defaultMessage: 'Expires on {date}.',
  },
  confirmationLabel: {
    id: 'renewal.confirmation.label',
    description:
      'Label of the renewal line in the payment confirmation ("Renews automatically on …" or "Expires on …").',
    defaultMessage: 'Renewal',
  },
  pageTitle: {
    id: 'renewal.page.title',
    description: 'Heading of the page a renewal e-mail link opens (turn renewal off, update the card, come back).',
    defaultMessage: 'Your OurFamilyWizard subscription',
  },
  loading: {
    id: 'renewal.page.loading',
    description: 'Status text while the page of a renewal e-mail link loads.',
    defaultMessage: 'Loading your subscription…',
  },
  greeting: {
    id: 'renewal.page.greeting',
    description: 'First line of the renewal link page. {firstName} is the parent’s first name.',
    defaultMessage: 'Hello {firstName},',
  },
  plan: {
    id: 'renewal.page.plan',
    description: 'Label of the package of the subscription on the renewal link page.',
    defaultMessage: 'Plan',
  },
  renewsOn: {
    id: 'renewal.page.renewsOn',
    description: 'Label of the date the subscription renews (the renewal charge) on the renewal link page.',
    defaultMessage: 'Renews on',
  },
  amount: {
    id: 'renewal.page.amount',
    description: 'Label of the amount of the renewal on the renewal link page.',
    defaultMessage: 'Amount',
  },
  method: {
    id: 'renewal.page.method',
    description: 'Label of the saved payment method a renewal charges, on the renewal link page.',
    defaultMessage: 'Payment method',
  },
  turnOff: {
    id: 'renewal.turnOff.button',
    description: 'Button of the renewal reminder link page: turns automatic renewal off (nothing else changes).',
    defaultMessage: 'Turn off automatic renewal',
  },
  turnOffIntro: {
    id: 'renewal.turnOff.intro',
    description:
      'Sentence above the "Turn off automatic renewal" button. Opening the page changed nothing; only the button does.',
    defaultMessage:
      'Your subscription renews automatically. Nothing changes until you press the button below; after that your subscription simply runs to its end.',
  },
  turnedOff: {
    id: 'renewal.turnOff.done',
    description: 'Confirmation after turning automatic renewal off. {date} is the date the subscription ends.',
    defaultMessage: 'Renewal is off; your subscription runs to {date}.',
  },
  updateIntro: {
    id: 'renewal.update.intro',
    description:
      'Sentence above the update-card form, after the automatic renewal charge was declined. {price} is the renewal amount with its currency.',
    defaultMessage:
      'We could not charge your saved payment method for the renewal. Add another one below: we save it and charge {price} for your next term.',
  },
  updateSave: {
    id: 'renewal.update.save',
    description: 'Submit button of the update-card form on the renewal link page. {price} is the amount charged.',
    defaultMessage: 'Save and pay {price}',
  },
  updateSaving: {
    id: 'renewal.update.saving',
    description: 'Status text while the new payment method is saved and charged.',
    defaultMessage: 'Saving your payment method…',
  },
  updateRenewed: {
    id: 'renewal.update.renewed',
    description: 'Confirmation after a new payment method was saved and the renewal paid. {date} is the new end date.',
    defaultMessage: 'Your card is saved and your subscription renewed until {date}.',
  },
  updateSaved: {
    id: 'renewal.update.saved',
    description:
      'Confirmation after a new payment method was saved when no renewal was due. {date} is when the subscription ends or renews.',
    defaultMessage: 'Your payment method is saved. Your subscription runs to {date}.',
  },
  comeBackIntro: {
    id: 'renewal.comeBack.intro',
    description:
      'Sentence on the page of the "come back" e-mail link (the subscription ended without renewal). {date} is when it ended.',
    defaultMessage: 'Your subscription ended on {date}. Rejoin to keep using OurFamilyWizard with your family.',
  },
  comeBack: {
    id: 'renewal.comeBack.button',
    description: 'Button of the "come back" link page: signs the parent in and opens the join to choose a plan again.',
    defaultMessage: 'Rejoin',
  },
  invalid: {
    id: 'renewal.invalid',
    description:
      'Dead end of a renewal e-mail link that was already used or has expired (join-api answers one way for both).',
    defaultMessage: 'This link has already been used or has expired.',
  },
  invalidHowTo: {
    id: 'renewal.invalid.howTo',
    description:
      'Under the used or expired renewal link message: where to go instead. <signin>…</signin> links to the OurFamilyWizard sign-in (home) page, <join>…</join> to the join; keep both tags.',
    defaultMessage:
      '<signin>Sign in to OurFamilyWizard</signin> to manage your subscription, or <join>join again</join> if it has ended.',
  },
});
