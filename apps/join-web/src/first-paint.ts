import { BRITISH_ENGLISH_REGIONS, MEXICAN_SPANISH_REGIONS } from '@ofw/domain';
import type { createStore } from 'jotai';
import { joinStateAtom, startJoinAtom, STORAGE_KEYS } from './state/join-state.js';

/**
 * docs/performance/join-web.md "First paint": the helpers shared by the build-time prerender of `/join` (src/prerender.tsx) and the
 * client's boot (src/main.tsx), so both render the same first screen.
 */

/** The one path that is prerendered, and the locale of its shell (§1 default). */
export const SHELL_PATH = '/join';
export const SHELL_LOCALE = 'en-US';

/** Attribute on the shell's wrapper in dist/join.html; `first-paint.css` hides it when the guard drops the shell. */
export const SHELL_ATTRIBUTE = 'data-prerendered';

/**
 * Starts the regular join before the first render on `/join`, as JoinPage's effect would right after it (a fresh
 * store has no flow; a persisted join of another flow is replaced, §2). Done before rendering, the first commit
 * already shows the first step instead of an empty page followed by the step.
 * @param store - the app's jotai store.
 * @param pathname - `location.pathname`.
 */
export function startJoinBeforeFirstRender(store: ReturnType<typeof createStore>, pathname: string): void {
  if (pathname.replace(/\/+$/, '') !== SHELL_PATH) return;
  if (store.get(joinStateAtom).flow !== 'join') store.set(startJoinAtom, { flow: 'join' });
}

/**
 * The inline script (in `<head>` of dist/join.html, before any paint) that drops the en-US first-step shell when
 * the app's first render would show something else: a join in progress in sessionStorage (it resumes at its own
 * step, with its inputs and language), or a browser language that `createAppContext` turns into another locale
 * (`initialLocale`: `@ofw/domain`'s `preferredLocale`, §1 — the first English or Spanish `navigator.languages` entry
 * decides; the script carries the domain's region lists, and a test runs it against `preferredLocale`).
 * Storage that cannot be read drops it too. It sets `data-shell="off"` on `<html>`, which `first-paint.css` turns
 * into `display: none` on the shell. It also stops a native submit of the shell's form (Enter or Continue before the
 * app has taken over): only the app sends the details. join-api allows it by its sha256 hash, computed from the
 * served file.
 * @returns the script's source (ES5, no dependencies).
 */
export function shellGuardScript(): string {
  const keys = JSON.stringify(Object.values(STORAGE_KEYS));
  const gb = JSON.stringify(BRITISH_ENGLISH_REGIONS);
  const mx = JSON.stringify(MEXICAN_SPANISH_REGIONS);
  const shell = JSON.stringify(SHELL_LOCALE.toLowerCase());
  return (
    `(function(){var k=${keys},gb=${gb},mx=${mx},keep=true;` +
    // localeForTag of @ofw/domain in ES5: en/es by region, null for any other language
    `function g(t){var s=String(t).replace(/^\\s+|\\s+$/g,'').toLowerCase().split(/[-_]/),a=s[0],r=null;` +
    `if(a!=='en'&&a!=='es')return null;` +
    `for(var i=1;i<s.length&&r===null;i++)if(/^([a-z]{2}|[0-9]{3})$/.test(s[i]))r=s[i];` +
    `if(a==='es')return r!==null&&mx.indexOf(r)>=0?'es-mx':'es-us';` +
    `return r!==null&&gb.indexOf(r)>=0?'en-gb':'en-us'}` +
    `try{` +
    `for(var i=0;i<k.length;i++)if(sessionStorage.getItem(k[i])!==null)keep=false;` +
    `var n=navigator,l=n.languages||[n.language],f=null;` +
    `for(var j=0;j<l.length&&f===null;j++)f=g(l[j]);` +
    `if(f!==null&&f!==${shell})keep=false;` +
    `}catch(e){keep=false}if(!keep)document.documentElement.setAttribute('data-shell','off');` +
    // The shell's form is live before the app runs (typing is kept, src/shell-input.ts), but only the app submits it:
    // a native submit would reload /join and drop what was typed.
    `document.addEventListener('submit',function(e){var t=e.target;` +
    `if(t&&t.closest&&t.closest('[${SHELL_ATTRIBUTE}]'))e.preventDefault()},true)})()`
  );
}

/**
 * The inline script that, once the shell has painted and the page is idle (`requestIdleCallback`), makes the
 * browser's first use of `Intl` — the same calls the app's takeover makes first: react-intl's `createIntl` checks
 * the locale with `Intl.NumberFormat.supportedLocalesOf` and `Intl.DateTimeFormat.supportedLocalesOf`, the details
 * step names regions with `Intl.DisplayNames`. A page's first `Intl` call loads ICU's locale data: ≈ 50 ms at
 * 4× CPU in Chromium (docs/performance/join-web.md "First paint"), which otherwise lands inside the takeover's task. On /join the main
 * thread is idle between the first paint and the arrival of the first load's scripts (≈ 0.5 s at 1.6 Mbps), so it
 * is paid there. Nothing runs before the first paint; a browser without `requestIdleCallback` skips it.
 * @returns the script's source (ES5, no dependencies), appended to {@link shellGuardScript}'s element.
 */
export function intlWarmUpScript(): string {
  const locale = JSON.stringify(SHELL_LOCALE);
  return (
    `(function(){var w=window;if(!w.requestIdleCallback||!w.Intl)return;w.requestIdleCallback(function(){try{` +
    `Intl.NumberFormat.supportedLocalesOf(${locale});Intl.DateTimeFormat.supportedLocalesOf(${locale});` +
    `if(Intl.DisplayNames)new Intl.DisplayNames([${locale}],{type:'region'}).of('US')}catch(e){}})})()`
  );
}
