import { parseStepSearch, type StepSearch } from '../state/steps.js';

/**
 * One search parameter of the professional's link: a string of `min`–`max` characters (trimmed first when `trim`),
 * else undefined — a bad value is dropped, never an error page. Plain code, not zod: route definitions are part of
 * the first load of every page.
 */
function searchText(value: unknown, min: number, max: number, trim: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = trim ? value.trim() : value;
  return text.length >= min && text.length <= max ? text : undefined;
}

/**
 * The search of `/join/pro`: the professional's name (1–80 characters each) and referral token (16–128), and the
 * step shown (README "Steps in the URL").
 */
export interface ProSearch extends StepSearch {
  proFirstName?: string;
  proLastName?: string;
  /** The professional's referral token (join-api's demo link: `/join/pro?referral=…`). */
  referral?: string;
}

/** Reads {@link ProSearch} from the URL's search parameters (TanStack Router `validateSearch`). */
export function parseProSearch(search: Record<string, unknown>): ProSearch {
  return {
    proFirstName: searchText(search.proFirstName, 1, 80, true),
    proLastName: searchText(search.proLastName, 1, 80, true),
    referral: searchText(search.referral, 16, 128, false),
    ...parseStepSearch(search),
  };
}
