/** Props of {@link VenmoLogo}. */
export interface VenmoLogoProps {
  /** Width in CSS px; the height follows the 5:1 ratio of §2. Default 100. */
  width?: number;
  /** Fill colour: `blue` (#008CFF is too light for text contrast, so the darker brand blue #0074DE is used), `white` or `black`. Default `blue`. */
  color?: 'blue' | 'white' | 'black';
  /** Accessible title; §2 says 'Pay with Venmo'. Callers localize it. */
  title?: string;
}

const FILL = { blue: '#0074DE', white: '#FFFFFF', black: '#000000' } as const;

/** §2 Venmo logo: a wordmark with title 'Pay with Venmo', width:height 5:1, size and colour options. */
export function VenmoLogo({ width = 100, color = 'blue', title = 'Pay with Venmo' }: VenmoLogoProps) {
  const height = width / 5;
  return (
    <svg role="img" aria-label={title} width={width} height={height} viewBox="0 0 100 20" className="ofw-venmo-logo">
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
        venmo
      </text>
    </svg>
  );
}
