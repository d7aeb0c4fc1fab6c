import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoreContext } from '../src/core-context.js';
import { startJoinBeforeFirstRender } from '../src/first-paint.js';
import { FirstScreen } from '../src/first-screen.js';
import { preloadFirstScreenMessages } from '../src/i18n/I18nProvider.js';
import { pendingSignupAtom } from '../src/join/steps/details/pending-signup.js';
import { joinStateAtom } from '../src/state/join-state.js';
import { expectLastNameAndEmailMissing, fillDetails } from './details-form.js';

// docs/performance/join-web.md "First paint", the first-screen tree: a fresh /join's details step runs before TanStack Router and Query are
// loaded (they are not in the first load). Importing either — from any module the tree reaches — fails this file.
vi.mock('@tanstack/react-router', () => {
  throw new Error('the first-screen tree imported @tanstack/react-router');
});
vi.mock('@tanstack/react-query', () => {
  throw new Error('the first-screen tree imported @tanstack/react-query');
});

/** The first-screen tree over a fresh join, as src/main.tsx starts it on /join; every request is recorded. */
async function renderFirstScreen() {
  sessionStorage.clear();
  const requests: string[] = [];
  const core = createCoreContext({
    fetch: (input, init) => {
      const request = `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input, 'http://localhost').pathname}`;
      requests.push(request);
      // §5 the Canadian check Continue awaits for a +1 number; nothing else is answered (no read is this tree's)
      if (request.endsWith('/phone/canadian')) return Promise.resolve(Response.json({ isCanadianPhoneNumber: false }));
      return new Promise<Response>(() => undefined);
    },
  });
  startJoinBeforeFirstRender(core.store, '/join');
  await preloadFirstScreenMessages('en-US');
  render(<FirstScreen context={core} />);
  return { core, requests };
}

describe('the first-screen tree (no router, no query client)', () => {
  beforeEach(() => sessionStorage.clear());

  it('§2 shows the account-details step with the header, and what the parent types goes into the join state', async () => {
    const { core } = await renderFirstScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OurFamilyWizard' })).toHaveAttribute('href', '/join');
    expect(screen.getByLabelText('Country code')).toHaveValue('+1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(core.store.get(joinStateAtom).parent).toMatchObject({ firstName: 'Ada', email: 'ada@example.com' });
    // §5: the country follows the +1 code here too
    await waitFor(() => expect(core.store.get(joinStateAtom).address.country).toBe('US'));
  });

  it('Continue shows the validation messages on their fields (focus on the first) before the full app is in', async () => {
    const { requests } = await renderFirstScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const last = await expectLastNameAndEmailMissing();
    // the messages follow the input once Continue was pressed
    await user.type(last, 'Lovelace');
    await waitFor(() => expect(last).not.toHaveAttribute('aria-invalid', 'true'));
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('a valid Continue waits for the full app: busy, the country recorded for it, no POST /signups sent', async () => {
    const { core, requests } = await renderFirstScreen();
    const user = await fillDetails();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(core.store.get(pendingSignupAtom)).toBe('US'));
    expect(screen.getByRole('button', { name: 'Continue' }).closest('form')).toHaveAttribute('aria-busy', 'true');
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    expect(requests.filter((r) => r.endsWith('/phone/canadian'))).toHaveLength(1);
  });
});

describe('the first screen reaches router and query only through its port', () => {
  it('useJoinPort outside any JoinPortProvider throws naming the missing provider (not an undefined read)', async () => {
    const { useJoinPort } = await import('../src/join/join-port.js');
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the render error too
    expect(() => renderHook(() => useJoinPort())).toThrow('useJoinPort must be used within <JoinPortProvider>');
    quiet.mockRestore();
  });
});
