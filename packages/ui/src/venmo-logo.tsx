import type { SVGProps } from 'react';

/** Named heights of {@link VenmoLogo}, in CSS px: small 16, medium 24, large 32. */
export const VENMO_LOGO_SIZES = { small: 16, medium: 24, large: 32 } as const;

/** Props of {@link VenmoLogo} (§2: size and colour options); other SVG props (e.g. `aria-hidden`) are passed on. */
export interface VenmoLogoProps extends Omit<SVGProps<SVGSVGElement>, 'width' | 'height' | 'color' | 'title'> {
  /** Width in CSS px; the height follows the 5:1 ratio of §2. Wins over `size`. Default 100 when neither is given. */
  width?: number;
  /** Height in CSS px, or a named height ({@link VENMO_LOGO_SIZES}); the width is 5 × the height (§2 "ratio is 5:1"). */
  size?: keyof typeof VENMO_LOGO_SIZES | number;
  /** Fill colour: `blue` (#008CFF is too light for text contrast, so the darker brand blue #0074DE is used), `white` or `black`. Default `blue`. */
  color?: 'blue' | 'white' | 'black';
  /** Accessible title; §2 says 'Pay with Venmo'. Callers localize it. */
  title?: string;
}

/** The brand's wordmark as drawn in the logo (a trademark, never translated; the localized name is `title`). */
const WORDMARK = 'venmo';

const FILL = { blue: '#0074DE', white: '#FFFFFF', black: '#000000' } as const;

/** §2 Venmo logo: a wordmark with title 'Pay with Venmo', width:height 5:1, size and colour options. */
export function VenmoLogo({
  width,
  size,
  color = 'blue',
  title = 'Pay with Venmo',
  className,
  ...rest
}: VenmoLogoProps) {
  const height = typeof size === 'number' ? size : size === undefined ? 20 : VENMO_LOGO_SIZES[size];
  const [w, h] = width === undefined ? [height * 5, height] : [width, width / 5];
  return (
    <svg
      role="img"
      aria-label={title}
      {...rest}
      width={w}
      height={h}
      viewBox="0 0 100 20"
      className={className ? `ofw-venmo-logo ${className}` : 'ofw-venmo-logo'}
    >
      <title>{title}</title>
      <text
        x="50"
        y="15.5"
        textAnchor="middle"
        fontFamily="Verdana, Arial, sans-serif"
        fontWeight="700"
        fontStyle="italic"
        fontSize="17"
        fill={FILL[color]}
      >
        {WORDMARK}
      </text>
    </svg>
  );
}
