import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

// The details step as a parent fills it in, for the full app and the first-screen tree alike (no router or query
// import here: test/first-screen.test.tsx fails on either).

/** Types the details step's required fields (Ada Lovelace, +1 206 555 0123); returns the user-event session. */
export async function fillDetails(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone number'), '2065550123');
  return user;
}

/**
 * After Continue with only a first name: the last name and the email are described as invalid on their fields and
 * the focus is on the first of them (the last name).
 * @returns the last name field.
 */
export async function expectLastNameAndEmailMissing(): Promise<HTMLElement> {
  const last = screen.getByLabelText('Last name');
  await waitFor(() => expect(last).toHaveFocus());
  expect(last).toHaveAttribute('aria-invalid', 'true');
  expect(last).toHaveAccessibleDescription('Enter your last name.');
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(/valid email/);
  return last;
}
