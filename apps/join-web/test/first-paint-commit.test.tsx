import { createMemoryHistory } from '@tanstack/react-router';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { App, createAppContext } from '../src/app.js';
import { startJoinBeforeFirstRender } from '../src/first-paint.js';
import { prerenderJoin } from '../src/prerender.js';
import { joinStateAtom } from '../src/state/join-state.js';
import { AtCommit, bootApp, forgetShellVerdict, skeleton } from './first-paint-helpers.js';

afterEach(forgetShellVerdict);

// docs/performance/join-web.md "First paint": the prerendered /join is the first step, and the app's first commit
// lays out exactly that screen.

describe('first paint: the prerendered /join and the first commit', () => {
  it('§2 the prerendered shell is the account-details step, en-US, with the form and no script', async () => {
    const { html, title } = await prerenderJoin();
    const shell = document.createElement('div');
    shell.innerHTML = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
    expect(shell.querySelector('h1')?.textContent).toBe('Your details');
    expect(shell.querySelector('label[for="firstName"]')?.textContent).toBe('First name');
    expect(shell.querySelectorAll('main input')).toHaveLength(4);
    expect(title).toBe('Your details – Join OurFamilyWizard');
  });

  it('the first client commit on /join lays out exactly the prerendered screen (nothing flashes or moves)', async () => {
    const { html } = await prerenderJoin();
    const shell = document.createElement('div');
    shell.innerHTML = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

    const context = await bootApp();
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    let first: string[] = [];
    const onCommit = () => {
      if (!first.length) first = skeleton(container);
    };
    await act(async () => {
      root.render(
        <AtCommit onCommit={onCommit}>
          <App context={context} />
        </AtCommit>,
      );
      await Promise.resolve();
    });
    try {
      expect(first).toContain('h1.ofw-step-heading[] Your details');
      expect(first).toEqual(skeleton(shell));
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('§2 startJoinBeforeFirstRender starts the regular join on /join only, and replaces a join of another flow', () => {
    const { store } = createAppContext({ history: createMemoryHistory({ initialEntries: ['/join'] }) });
    startJoinBeforeFirstRender(store, '/join/pro');
    expect(store.get(joinStateAtom).flow).toBeUndefined();
    startJoinBeforeFirstRender(store, '/join');
    expect(store.get(joinStateAtom).flow).toBe('join');
    expect(store.get(joinStateAtom).isJoin).toBe(true);

    store.set(joinStateAtom, {
      ...store.get(joinStateAtom),
      flow: 'pro',
      parent: { ...store.get(joinStateAtom).parent, firstName: 'Kim' },
    });
    startJoinBeforeFirstRender(store, '/join/');
    expect(store.get(joinStateAtom).flow).toBe('join');
    expect(store.get(joinStateAtom).parent.firstName).toBeUndefined();

    store.set(joinStateAtom, {
      ...store.get(joinStateAtom),
      parent: { ...store.get(joinStateAtom).parent, firstName: 'Kept' },
    });
    startJoinBeforeFirstRender(store, '/join');
    expect(store.get(joinStateAtom).parent.firstName).toBe('Kept');
  });
});
