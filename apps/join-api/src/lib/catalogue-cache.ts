import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import {
  priceCatalogue,
  type CouponAvailability,
  type Currency,
  type Flow,
  type PricedCatalogue,
  type PricingGroup,
} from '@ofw/domain';
import type { PackagesResponse } from '@ofw/api-client';

/** Who the auto-applied coupons of a caller are for (§3 coupons: `join` or `invite`). */
export type Audience = 'join' | 'invite';

/** An anonymous `GET /packages` answer, serialized once: the JSON text and its strong ETag. */
export interface CachedAnswer {
  /** `JSON.stringify` of the {@link PackagesResponse} (what `c.json` sent before the cache). */
  body: string;
  /** Strong entity tag: `"` + base64url SHA-256 of `body` + `"`. */
  etag: string;
}

/** How long the auto-applied coupons of an audience are reused before they are read again (ms). */
export const DEFAULT_CATALOGUE_CACHE_MS = 10_000;

/**
 * The priced catalogue of `GET /packages` in memory. The catalogue and its prices are code
 * (`@ofw/domain`'s `offeredCatalogue`/`priceCatalogue`, static per pricing group, currency and flow); the only input
 * that changes at run time is the `coupons` table (operators switch coupons on and off), read per audience at most
 * once per `ttlMs` on the request clock — answers already say `max-age=60` to browsers, so a coupon change is seen
 * within that bound. A priced catalogue is kept per (pricing group, currency, flow, coupon set), so a coupon change
 * reprices (and changes the ETag) at once when the coupons are read again; the anonymous answer is kept serialized
 * with its strong ETag.
 */
export class CatalogueCache {
  private readonly coupons = new Map<Audience, { at: number; list: CouponAvailability[]; key: string }>();
  private readonly loading = new Map<Audience, Promise<void>>();
  private readonly priced = new LRUCache<string, PricedCatalogue>({ max: 256 });
  private readonly answers = new LRUCache<string, CachedAnswer>({ max: 256 });

  /**
   * @param load reads the auto-applied coupon availability of an audience from the database
   * @param ttlMs how long a read is reused (0 = every request reads)
   */
  constructor(
    private readonly load: (audience: Audience) => Promise<CouponAvailability[]>,
    private readonly ttlMs = DEFAULT_CATALOGUE_CACHE_MS,
  ) {}

  /** The audience's auto-applied coupons, read again when older than `ttlMs` at `now` (or `now` went back). */
  async availability(audience: Audience, now: Date): Promise<{ list: CouponAvailability[]; key: string }> {
    const t = now.getTime();
    const hit = this.coupons.get(audience);
    if (hit && t >= hit.at && t - hit.at < this.ttlMs) return hit;
    let pending = this.loading.get(audience);
    if (!pending) {
      pending = this.load(audience)
        .then((list) => {
          this.coupons.set(audience, { at: t, list, key: JSON.stringify(list) });
        })
        .finally(() => this.loading.delete(audience));
      this.loading.set(audience, pending);
    }
    await pending;
    return this.coupons.get(audience)!;
  }

  /**
   * `priceCatalogue` without a current term (no proration), memoized per (group, currency, flow, coupon set). The
   * result is shared: callers must not change it.
   */
  purchaseCatalogue(
    group: PricingGroup,
    currency: Currency,
    flow: Flow,
    coupons: { list: CouponAvailability[]; key: string },
  ): PricedCatalogue {
    const key = `${group}|${currency}|${flow}|${coupons.key}`;
    let priced = this.priced.get(key);
    if (!priced) {
      priced = priceCatalogue({
        currency,
        flow,
        pricingGroup: group,
        coupons: coupons.list,
        currentTerm: null,
        now: null,
      });
      this.priced.set(key, priced);
    }
    return priced;
  }

  /**
   * The anonymous answer (pricing group P3, no current term) for a currency and flow: serialized once per coupon set,
   * `quotedAt` = when it was priced (an anonymous caller has no term to prorate, so nothing depends on the instant).
   */
  async anonymous(currency: Currency, flow: Flow, now: Date): Promise<CachedAnswer> {
    const audience: Audience = flow === 'ctj' ? 'invite' : 'join';
    const coupons = await this.availability(audience, now);
    const key = `${currency}|${flow}|${coupons.key}`;
    let answer = this.answers.get(key);
    if (!answer) {
      const priced = this.purchaseCatalogue('P3', currency, flow, coupons);
      const response: PackagesResponse = {
        packages: priced.packages,
        byo: priced.byo,
        upgradeOptions: priced.upgradeOptions,
        pricingGroup: 'P3',
        currentTerm: null,
        quotedAt: now,
      };
      const body = JSON.stringify(response);
      answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
      this.answers.set(key, answer);
    }
    return answer;
  }
}

/**
 * Whether an `If-None-Match` header matches `etag` (RFC 9110 §13.1.2: `*`, or any listed tag by the weak comparison,
 * so `W/"x"` matches `"x"`).
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
