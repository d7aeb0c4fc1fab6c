import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, rateLimited, renderApp } from './helpers.js';

async function fillDetails(user: ReturnType<typeof userEvent.setup>, phone = '2065550123') {
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'L');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone number'), phone);
}

describe('problems the page explains', () => {
  it('a used, revoked or expired pro referral link says the link is no longer valid and offers the regular join', async () => {
    const api = fakeApi((c) =>
      c.path === '/signups'
        ? {
            status: 401,
            body: {
              type: 'https://ofw.example/problems/unauthorized',
              title: 'Unauthorized',
              status: 401,
              code: 'unauthorized',
              detail: 'The professional referral link is not valid any more.',
            },
          }
        : undefined,
    );
    const { history } = renderApp('/join/pro?referral=pro-referral-token-123456', api);
    const user = userEvent.setup();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This referral link is no longer valid. You can still join OurFamilyWizard without it.',
    );
    expect(screen.queryByText(/unexpected error/)).toBeNull();
    const link = screen.getByRole('link', { name: 'Join without the referral' });
    expect(link).toHaveAttribute('href', '/join');
    await user.click(link);
    await waitFor(() => expect(history.location.pathname).toBe('/join'));
  });

  it('a 429 on the Canadian phone check is explained next to the phone number', async () => {
    const api = fakeApi((c) => (c.path === '/phone/canadian' ? rateLimited(120) : undefined));
    renderApp('/join', api);
    const user = userEvent.setup();
    await fillDetails(user, '4165550123');
    await user.tab();
    expect(await screen.findByText('Too many attempts. Please wait 2 minutes and try again.')).toBeInTheDocument();
  });

  it('a 429 on POST /signups says to wait (no Retry-After: a few minutes)', async () => {
    const api = fakeApi((c) => (c.path === '/signups' ? rateLimited() : undefined));
    renderApp('/join', api);
    const user = userEvent.setup();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});
