import { CARD_BRANDS, type CardBrand } from '@ofw/domain';
import creditCardType from 'credit-card-type';

/**
 * §3 "Card brands": a brand's metadata, straight from Braintree's credit-card-type (not hand-written). The brand id
 * itself is @ofw/domain's `CardBrand`.
 */
export interface CardBrandInfo {
  /** The brand id (credit-card-type's `type`): visa, mastercard, american-express, diners-club, discover, jcb, unionpay, maestro, elo, mir, hiper, hipercard. */
  type: CardBrand;
  niceType: string;
  /** Valid card-number lengths, e.g. Visa [16, 18, 19]. */
  lengths: number[];
  /** Positions of the spacing gaps in the formatted number. */
  gaps: number[];
  /** Security code name (CVV, CID, CVC, …) and size (4 for American Express, 3 otherwise). */
  code: { name: string; size: number };
}

/** Metadata for a brand id, or undefined when credit-card-type does not know it or §3 does not list it. */
export function cardBrand(type: string | undefined): CardBrandInfo | undefined {
  if (!type) return undefined;
  const info = creditCardType.getTypeInfo(type);
  const brand = CARD_BRANDS.find((id) => id === info?.type);
  if (!info || !brand) return undefined;
  return {
    type: brand,
    niceType: info.niceType,
    lengths: [...info.lengths],
    gaps: [...info.gaps],
    code: { ...info.code },
  };
}

/** The brand ids supported by the product (§3), in credit-card-type's spelling: `@ofw/domain`'s `CARD_BRANDS`. */
export const SUPPORTED_CARD_BRANDS = CARD_BRANDS;
