/**
 * The one way a parent's name enters an e-mail (SECURITY.md "Names in e-mails"): the first word of the first name,
 * cleaned, because what a parent types as a name lands in someone else's inbox — in the subject and the preview line a
 * mail client shows before the message is opened. A signup must not be able to put a sentence, a link or an address
 * of its own there (no mail relay, no phishing text under OurFamilyWizard's sender), nor reorder the line with
 * Unicode bidi controls (CVE-2021-42574 "Trojan Source" class).
 */

/** The most characters (code points) of a name an e-mail shows. */
export const EMAIL_NAME_MAX = 40;

/** A word that is, or holds, a link or an address: `scheme://…`, `www.…`, `…@…`, `host.tld…`. */
const LINKISH = /:\/\/|^www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}(?:[/:?#]|$)/iu;
/** What may stay of a name's word: letters with their marks, apostrophes, hyphens and a period ("J."). */
const NOT_NAME = /[^\p{L}\p{M}'’.-]/gu;

/**
 * The name an e-mail may show of `raw` (a `users.first_name`, or an older payload's full name), or null when nothing
 * is left of it — then the e-mail says a neutral phrase instead ("Your co-parent", "Hi,"; the catalogues' `named`
 * select). Steps: Unicode NFKC; control, format (bidi overrides and isolates, zero-width) and private-use characters
 * removed; markup (`<…>`) removed; words that are links or addresses (before or after filtering) dropped; the first remaining word; of it only
 * letters, marks, `'`, `’`, `-` and `.`, without leading punctuation; at most {@link EMAIL_NAME_MAX} code points.
 * Pure and total: never throws.
 */
export function emailFirstName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const text = raw
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cf}\p{Co}\p{Cs}\p{Cn}]/gu, '')
    .replace(/<[^>]*(?:>|$)/g, ' ');
  for (const word of text.split(/\s+/)) {
    if (word === '' || LINKISH.test(word)) continue;
    const kept = word.replace(NOT_NAME, '').replace(/^[-'’.]+/, '');
    // a link spelt with characters the filter removed ("www.x.io'") is still a link once filtered
    if (LINKISH.test(kept)) continue;
    const capped = Array.from(kept).slice(0, EMAIL_NAME_MAX).join('');
    return /\p{L}/u.test(capped) ? capped : null;
  }
  return null;
}

/**
 * The values a catalogue message with a name takes: `named` 'yes' with the cleaned name under `key`, or 'no' (the
 * message's neutral wording) with an empty value.
 */
export function nameValues<K extends string>(key: K, raw: string | null | undefined): Record<K | 'named', string> {
  const name = emailFirstName(raw);
  return { [key]: name ?? '', named: name ? 'yes' : 'no' } as Record<K | 'named', string>;
}
