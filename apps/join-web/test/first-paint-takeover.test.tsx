import { createMemoryHistory } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App, withRouterAndQuery } from '../src/app.js';
import { createCoreContext } from '../src/core-context.js';
import { FirstScreen } from '../src/first-screen.js';
import { pendingSignupAtom } from '../src/join/steps/details/pending-signup.js';
import { SHELL_ATTRIBUTE, shellGuardScript, startJoinBeforeFirstRender } from '../src/first-paint.js';
import { firstScreenMessagesFor, preloadMessages } from '../src/i18n/I18nProvider.js';
import { toLocale } from '../src/i18n/locales.js';
import { prerenderJoin } from '../src/prerender.js';
import { replaceTree, takeOverShell } from '../src/shell-input.js';
import { joinStateAtom, localeAtom } from '../src/state/join-state.js';
import { fakeApi, fillDetails } from './helpers.js';
import { AtCommit, bootApp, forgetShellVerdict, skeleton } from './first-paint-helpers.js';

afterEach(forgetShellVerdict);

// docs/performance/join-web.md "First paint": the live shell, the first-screen tree and the full app take over one
// another without losing what the parent typed, the focus or the caret.

describe('the live shell and the takeover', () => {
  /** dist/join.html's #root: the prerendered markup in its wrapper, as scripts/prerender.mjs writes it. */
  async function mountShell() {
    const { html } = await prerenderJoin();
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = `<div ${SHELL_ATTRIBUTE}>${html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')}</div>`;
    document.body.append(container);
    return { container, shell: container.querySelector(`[${SHELL_ATTRIBUTE}]`)! };
  }

  it('text typed into the shell before the app ran, the focus and the caret survive the takeover', async () => {
    const { container, shell } = await mountShell();
    const user = userEvent.setup();
    // The parent types before any of the app's code has run: plain DOM, no React on these elements.
    await user.type(shell.querySelector<HTMLInputElement>('#firstName')!, 'Ada');
    await user.type(shell.querySelector<HTMLInputElement>('#email')!, 'ada@example.com');
    const phone = shell.querySelector<HTMLInputElement>('#phoneNumber')!;
    await user.type(phone, '2065550123');
    phone.setSelectionRange(3, 3);
    const shellPhone = phone;

    const context = await bootApp();
    const root = createRoot(container);
    try {
      act(() =>
        takeOverShell(
          root,
          <StrictMode>
            <App context={context} />
          </StrictMode>,
          context.store,
          shell,
        ),
      );
      // The app's markup replaced the shell in that one task…
      expect(container.querySelector(`[${SHELL_ATTRIBUTE}]`)).toBeNull();
      const appPhone = container.querySelector<HTMLInputElement>('#phoneNumber')!;
      expect(appPhone).not.toBe(shellPhone);
      // …showing what was typed, from the join state the app submits…
      expect(container.querySelector<HTMLInputElement>('#firstName')!.value).toBe('Ada');
      expect(container.querySelector<HTMLInputElement>('#email')!.value).toBe('ada@example.com');
      expect(container.querySelector<HTMLInputElement>('#lastName')!.value).toBe('');
      expect(appPhone.value).toBe('2065550123');
      expect(context.store.get(joinStateAtom).parent).toMatchObject({
        firstName: 'Ada',
        email: 'ada@example.com',
        phoneNumber: '2065550123',
      });
      // …with the focus and the caret where they were: the next keystroke goes on in the same place.
      expect(document.activeElement).toBe(appPhone);
      expect([appPhone.selectionStart, appPhone.selectionEnd]).toEqual([3, 3]);
      await user.keyboard('9');
      expect(appPhone.value).toBe('20695550123');
      expect(context.store.get(joinStateAtom).parent.phoneNumber).toBe('20695550123');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('a language picked in the shell applies after the takeover; an untouched shell changes nothing', async () => {
    const { container, shell } = await mountShell();
    const language = shell.querySelector<HTMLSelectElement>('.app-locale select')!;
    await userEvent.setup().selectOptions(language, 'es-MX');
    const context = await bootApp();
    const before = context.store.get(joinStateAtom);
    const root = createRoot(container);
    try {
      act(() => takeOverShell(root, <App context={context} />, context.store, shell));
      expect(context.store.get(localeAtom)).toBe('es-MX');
      expect(context.store.get(joinStateAtom).parent).toEqual(before.parent);
      // the focus stays on the language select (its id is the same in the shell and in the app)
      expect(document.activeElement).toBe(container.querySelector('.app-locale select'));
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  /** A fresh join's store and services as src/main.tsx makes them before the first-screen tree (no router yet). */
  async function bootFirstScreen(fetch: typeof globalThis.fetch = () => new Promise<Response>(() => undefined)) {
    sessionStorage.clear();
    const core = createCoreContext({ fetch });
    startJoinBeforeFirstRender(core.store, '/join');
    await preloadMessages('en-US');
    return core;
  }

  /** The full app over the first screen's store, as src/main.tsx builds it once its chunk is in. */
  async function fullAppOver(core: Awaited<ReturnType<typeof bootFirstScreen>>) {
    const context = withRouterAndQuery(core, createMemoryHistory({ initialEntries: ['/join'] }));
    await context.router.load();
    return context;
  }

  it('shell → first-screen tree → full app: typed text, focus and caret survive both switches, and each first commit lays out the same screen', async () => {
    const { container, shell } = await mountShell();
    const prerendered = skeleton(shell);
    const user = userEvent.setup();
    await user.type(shell.querySelector<HTMLInputElement>('#firstName')!, 'Ada');
    const core = await bootFirstScreen();
    const root = createRoot(container);
    let atCommit: string[] = [];
    const onCommit = () => void (atCommit = skeleton(container));
    // (each tree's first commit, before its effects: what the parent sees in the frame the switch paints)
    try {
      // 1. the first-screen tree (no router, no query client) takes the shell over
      act(() =>
        takeOverShell(
          root,
          <StrictMode>
            <AtCommit onCommit={onCommit}>
              <FirstScreen context={core} />
            </AtCommit>
          </StrictMode>,
          core.store,
          shell,
        ),
      );
      expect(atCommit).toEqual(prerendered);
      const early = container.querySelector<HTMLInputElement>('#firstName')!;
      expect(document.activeElement).toBe(early);
      await user.keyboard(' Byron');
      early.setSelectionRange(1, 1);
      const before = skeleton(container);

      // 2. the full app (router, query client) takes over from that tree
      const context = await fullAppOver(core);
      let appCommit: string[] = [];
      const onAppCommit = () => void (appCommit = skeleton(container));
      act(() =>
        replaceTree(
          root,
          <StrictMode>
            <AtCommit onCommit={onAppCommit}>
              <App context={context} />
            </AtCommit>
          </StrictMode>,
          container,
        ),
      );
      expect(appCommit).toEqual(before);
      const app = container.querySelector<HTMLInputElement>('#firstName')!;
      expect(app).not.toBe(early);
      expect(app.value).toBe('Ada Byron');
      expect(document.activeElement).toBe(app);
      expect([app.selectionStart, app.selectionEnd]).toEqual([1, 1]);
      await user.keyboard('x');
      expect(core.store.get(joinStateAtom).parent.firstName).toBe('Axda Byron');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  /** The first-screen tree rendered (StrictMode) in a container of the page, as on a fresh /join without a shell. */
  function mountFirstScreen(core: Awaited<ReturnType<typeof bootFirstScreen>>) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() =>
      root.render(
        <StrictMode>
          <FirstScreen context={core} />
        </StrictMode>,
      ),
    );
    return { container, root };
  }

  it('§1 a language picked in the first-screen tree just before the full app takes over: its first commit shows it', async () => {
    const core = await bootFirstScreen();
    const { container, root } = mountFirstScreen(core);
    try {
      const context = await fullAppOver(core);
      // the parent picks Spanish (US) in the header (AppShell's select sets the locale) as the full app is ready
      act(() => core.store.set(localeAtom, 'es-US'));
      await firstScreenMessagesFor(() => toLocale(core.store.get(localeAtom)));
      let appCommit: string[] = [];
      const onAppCommit = () => void (appCommit = skeleton(container));
      act(() =>
        replaceTree(
          root,
          <AtCommit onCommit={onAppCommit}>
            <App context={context} />
          </AtCommit>,
          container,
        ),
      );
      // not an empty screen while the catalogue loads: the language picked, at once
      expect(appCommit).toContain('h1.ofw-step-heading[] Tus datos');
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  // the Continue's check (§5 the Canadian check for a +1 number) ends before the full app arrives, or only after it
  // has taken over from the first-screen tree: either way that Continue is sent, once
  it.each([
    ['before the full app arrives', false],
    ['its check still running when the full app takes over', true],
  ])(
    '§2 Continue pressed in the first-screen tree, %s: the full app sends that one POST /signups and moves on',
    async (_case, checkOutlastsSwitch) => {
      const api = fakeApi();
      let answerCheck!: () => void;
      const checkHeld = new Promise<void>((resolve) => (answerCheck = resolve));
      if (!checkOutlastsSwitch) answerCheck();
      const core = await bootFirstScreen((input, init) =>
        String(input instanceof Request ? input.url : input).includes('/phone/canadian')
          ? checkHeld.then(() => api.fetch(input, init))
          : api.fetch(input, init),
      );
      const { container, root } = mountFirstScreen(core);
      try {
        const user = await fillDetails();
        await user.click(screen.getByRole('button', { name: 'Continue' }));
        if (!checkOutlastsSwitch) await waitFor(() => expect(core.store.get(pendingSignupAtom)).toBe('US'));
        const signups = () => api.calls.filter((c) => c.method === 'POST' && c.path === '/signups');
        expect(signups()).toEqual([]);

        const context = await fullAppOver(core);
        // StrictMode runs the full app's effects twice: the waiting Continue is still sent once
        act(() =>
          replaceTree(
            root,
            <StrictMode>
              <App context={context} />
            </StrictMode>,
            container,
          ),
        );
        answerCheck();
        expect(await screen.findByRole('heading', { level: 1, name: 'Choose your plan' })).toBeInTheDocument();
        expect(signups()).toHaveLength(1);
        expect(signups()[0]!.body).toMatchObject({ address: { country: 'US' }, parent: { firstName: 'Ada' } });
        expect(core.store.get(pendingSignupAtom)).toBeUndefined();
        expect(context.router.state.location.search).toMatchObject({ step: 'package' });
      } finally {
        act(() => root.unmount());
        container.remove();
      }
    },
  );

  it("the guard stops a native submit of the shell's form (only the app sends the details)", () => {
    // The exact text join.html serves inline.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    (new Function(shellGuardScript()) as () => void)();
    const shell = document.createElement('div');
    shell.setAttribute(SHELL_ATTRIBUTE, '');
    shell.innerHTML = '<form></form>';
    const other = document.createElement('form');
    document.body.append(shell, other);
    try {
      const submit = (form: HTMLFormElement) => {
        const event = new Event('submit', { bubbles: true, cancelable: true });
        form.dispatchEvent(event);
        return event.defaultPrevented;
      };
      expect(submit(shell.querySelector('form')!)).toBe(true);
      expect(submit(other)).toBe(false);
    } finally {
      shell.remove();
      other.remove();
    }
  });
});
