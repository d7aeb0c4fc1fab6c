import type { MouseEvent } from 'react';

/**
 * The Apple Pay button locales Apple localizes (Apple Pay on the Web `ApplePayButtonLocale`) for the page's four:
 * en-US, en-GB and es-MX as they are; es-US, which Apple does not list, gets es-MX (the Latin-American Spanish one).
 * @param locale the page's BCP 47 locale (react-intl's `locale`).
 * @returns the `lang` Safari draws the button's text in.
 */
export function applePayButtonLang(locale: string): string {
  if (locale === 'en-GB' || locale === 'es-MX' || locale === 'en-US') return locale;
  return locale.startsWith('es') ? 'es-MX' : 'en-US';
}

/**
 * Apple's own Apple Pay button, drawn by Safari from CSS (`-webkit-appearance: -apple-pay-button`,
 * `-apple-pay-button-type: check-out`, `-apple-pay-button-style: black`; Apple Pay on the Web "Displaying Apple Pay
 * Buttons Using CSS"), in the language of its `lang` attribute ("Localizing Apple Pay Buttons Using CSS").
 * Chosen over the `<apple-pay-button>` element, which needs Apple's script from applepay.cdn-apple.com: join-api's
 * CSP allows no script host but the payment provider's, and the button only shows where `ApplePaySession` exists —
 * Safari, which draws the CSS button itself. Elsewhere (a browser without the appearance) the same element is a
 * black button with the label as text. The accessible name is `label` (`aria-label`: Safari's drawn text is not
 * in the accessibility tree). While `busy` it ignores clicks (`aria-disabled`, keeping focus) like @ofw/ui's Button.
 */
export function ApplePayButton({
  label,
  locale,
  busy,
  onClick,
}: {
  /** The localized accessible name, e.g. "Check out with Apple Pay". */
  label: string;
  /** The page's locale (see {@link applePayButtonLang}). */
  locale: string;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="apple-pay-button"
      lang={applePayButtonLang(locale)}
      aria-label={label}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        if (busy) {
          e.preventDefault();
          return;
        }
        onClick();
      }}
    >
      <span className="apple-pay-button__text" aria-hidden="true">
        {label}
      </span>
    </button>
  );
}
