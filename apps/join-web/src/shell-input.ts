import { LOCALES } from '@ofw/domain';
import type { createStore } from 'jotai';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import { joinStateAtom, localeAtom } from './state/join-state.js';

/**
 * docs/performance/join-web.md "First paint": the prerendered `/join` shell is live HTML — the parent can type into it before the app's
 * JavaScript has run. When the app takes over (its first commit replaces the shell), what was typed and where the
 * caret was must carry over. These helpers read the shell's form and write it into the join state the app renders
 * from, then put the focus back on the same field ({@link takeOverShell} does it all, as src/main.tsx calls it).
 */

/**
 * The app's takeover of the live shell, in one task: what was typed goes into the join state, the app's first
 * commit replaces the shell synchronously (a keystroke in between waits for the task, then lands in the app's
 * field), the focus and caret go back to the same field, then the language picked in the shell (if any) applies.
 * @param root - a root created on the shell's container (`#root`).
 * @param app - the app element to render.
 * @param store - the app's jotai store (the one `app` renders from).
 * @param shell - the prerendered wrapper (`[data-prerendered]`) inside the root's container.
 */
export function takeOverShell(root: Root, app: ReactNode, store: Store, shell: Element): void {
  const input = readShellInput(shell);
  applyShellInput(store, input);
  keepingScroll(() => flushSync(() => root.render(app)));
  restoreShellFocus(input);
  applyShellLocale(store, input);
}

/**
 * One tree of the app replaces another on the same root in one task (docs/performance/join-web.md "First paint": the full app takes over
 * from the first-screen tree): both render from the same jotai store, so what was typed stays; the focus and the
 * caret go back to the same field (by id) once the new markup is in.
 * @param root - the root both trees render in.
 * @param app - the new tree.
 * @param container - the root's container (`#root`).
 */
export function replaceTree(root: Root, app: ReactNode, container: Element): void {
  const focus = readFocus(container);
  keepingScroll(() => flushSync(() => root.render(app)));
  restoreShellFocus({ parent: {}, ...(focus ? { focus } : {}) });
}

/**
 * Runs `commit` (a commit that replaces the whole markup) and puts the window's scroll back where it was: with every
 * node replaced at once, the browser's scroll anchoring loses its anchor and moves the page (90 px on a 360 px wide
 * page scrolled by 250 px, measured in Chromium) — a jump under the parent's eyes.
 */
function keepingScroll(commit: () => void): void {
  const { scrollX: x, scrollY: y } = window;
  commit();
  if (window.scrollX !== x || window.scrollY !== y) window.scrollTo({ left: x, top: y, behavior: 'instant' });
}

type Store = ReturnType<typeof createStore>;

/** The details step's text fields (element ids in the shell and in the app) → the §3 join state's `parent` keys. */
const PARENT_FIELDS = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phoneNumber: 'phoneNumber',
  phoneCountryCode: 'phoneCountryCode',
} as const;

/** What the parent did in the shell: the fields they changed, the language they chose, the focused field. */
export interface ShellInput {
  /** Non-empty text (and the phone code when changed), by `parent` key. */
  parent: Partial<Record<keyof typeof PARENT_FIELDS, string>>;
  /** A locale picked in the header's language select, when it differs from the one the shell was rendered in. */
  locale?: string;
  /** The focused form control (by id) and its text selection, if any. */
  focus?: { id: string; start: number | null; end: number | null };
}

type Control = HTMLInputElement | HTMLSelectElement;

/**
 * Reads what the parent typed into the shell.
 * @param shell - the prerendered wrapper (`[data-prerendered]`).
 * @returns the changed values (a control whose value equals its prerendered default is left out) and the focus.
 */
export function readShellInput(shell: Element): ShellInput {
  const input: ShellInput = { parent: {} };
  for (const [key, id] of Object.entries(PARENT_FIELDS) as [keyof typeof PARENT_FIELDS, string][]) {
    const el = shell.querySelector<Control>(`#${id}`);
    if (el && el.value !== defaultValueOf(el)) input.parent[key] = el.value;
  }
  const locale = shell.querySelector<HTMLSelectElement>('.app-locale select');
  if (locale && locale.value !== defaultValueOf(locale) && (LOCALES as readonly string[]).includes(locale.value))
    input.locale = locale.value;
  const focus = readFocus(shell);
  if (focus) input.focus = focus;
  return input;
}

/** The focused form control inside `within` (by id) and its text selection, if any. */
function readFocus(within: Element): ShellInput['focus'] {
  const active = document.activeElement;
  if (!active || !active.id || !within.contains(active)) return undefined;
  const text = active instanceof HTMLInputElement && selectable(active);
  return { id: active.id, start: text ? active.selectionStart : null, end: text ? active.selectionEnd : null };
}

/**
 * Writes the fields typed in the shell into the join state's `parent`, so the app's first render shows them.
 * @param store - the app's jotai store.
 * @param input - from {@link readShellInput}.
 */
export function applyShellInput(store: Store, input: ShellInput): void {
  if (Object.keys(input.parent).length)
    store.set(joinStateAtom, (s) => ({ ...s, parent: { ...s.parent, ...input.parent } }));
}

/**
 * Switches to the language picked in the shell — after the app's first commit: the app first shows the shell's
 * locale (whose catalogue is loaded), and I18nProvider keeps it on screen until the new catalogue has arrived.
 * @param store - the app's jotai store.
 * @param input - from {@link readShellInput}.
 */
export function applyShellLocale(store: Store, input: ShellInput): void {
  if (input.locale) store.set(localeAtom, input.locale);
}

/**
 * Puts the focus (and the caret or selection) back on the field that had it in the shell, once the app's markup
 * has replaced it. Does nothing when nothing was focused or the app has no such field.
 * @param input - from {@link readShellInput}.
 */
export function restoreShellFocus(input: ShellInput): void {
  if (!input.focus) return;
  const el = document.getElementById(input.focus.id);
  if (!el || document.activeElement === el) return;
  el.focus({ preventScroll: true });
  const { start, end } = input.focus;
  if (el instanceof HTMLInputElement && selectable(el) && start !== null && end !== null)
    el.setSelectionRange(start, end);
}

/** The value the control was prerendered with (its `value` attribute, or its selected option's). */
function defaultValueOf(el: Control): string {
  if (el instanceof HTMLInputElement) return el.defaultValue;
  const selected = [...el.options].find((o) => o.defaultSelected) ?? el.options[0];
  return selected?.value ?? '';
}

/** Inputs that have a text selection (`email` has none in the DOM API). */
function selectable(el: HTMLInputElement): boolean {
  return ['text', 'search', 'tel', 'url', 'password'].includes(el.type);
}
