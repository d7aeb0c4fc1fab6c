/**
 * Accessible behaviour of every exported component that names: labels, described-by errors with
 * aria-invalid, focus on step change and on error, live region for status, keyboard operation, busy submit state
 * against double submits, 24×24 px targets (WCAG 2.2: 1.3.1, 2.1.1, 2.4.3, 2.5.8, 3.3.1, 4.1.3).
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StrictMode, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BackButton,
  BackLink,
  BillingInformation,
  Button,
  CoParentEmailQuestion,
  CountrySelect,
  ErrorBanner,
  FaqAccordion,
  PackageCard,
  PackageGrid,
  PhoneCodeSelect,
  SecurityQuestions,
  SelectField,
  StatusMessage,
  StepHeading,
  TermsList,
  TextField,
  ThreeDSecureModal,
  YearSwitch,
  type ThreeDSecureModalProps,
} from '../src/index.js';

const billingLabels = {
  legend: 'Billing address',
  streetAddress: 'Street address',
  locality: 'City',
  region: 'State',
  postalCode: 'ZIP code',
};
const pkg = {
  id: 2053,
  selectButtonId: 'select-package-2053',
  name: 'Premium',
  totalPrice: '$216.00',
  monthlyPrice: '$18.00/month',
};

describe('Button', () => {
  it('submitting: a busy submit button sets aria-busy, keeps focus and submits its form once', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    function Form() {
      const [busy, setBusy] = useState(false);
      return (
        <form
          onSubmit={(e) => {
            onSubmit(e);
            setBusy(true);
          }}
        >
          <TextField label="Email" />
          <Button type="submit" busy={busy}>
            Pay
          </Button>
        </form>
      );
    }
    render(<Form />);
    const pay = screen.getByRole('button', { name: 'Pay' });
    await userEvent.click(pay);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(pay).toHaveAttribute('aria-busy', 'true');
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).not.toBeDisabled(); // stays focusable, so focus is not lost mid-submit
    expect(pay).toHaveFocus();
    await userEvent.click(pay);
    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'a{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
  it('a disabled button is not operable and reports aria-disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Continue
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('BackButton and BackLink', () => {
  it('§2 back button: named by its label only (the arrow is hidden) and operable by keyboard', async () => {
    const onClick = vi.fn();
    render(<BackButton label="Back" onClick={onClick} />);
    const back = screen.getByRole('button', { name: 'Back' });
    await userEvent.tab();
    expect(back).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });
  it('§2 back link: a real link named by its label', () => {
    render(<BackLink label="Back to sign up" href="/join" />);
    expect(screen.getByRole('link', { name: 'Back to sign up' })).toHaveAttribute('href', '/join');
  });
});

describe('TextField and SelectField', () => {
  it('WCAG 3.3.1: hint and error both describe the input; the error sets aria-invalid', () => {
    render(<TextField label="Password" hint="At least 8 characters." error="Too short." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('At least 8 characters. Too short.');
  });
  it('WCAG 3.3.1: a select is named by its label, its error described and marked invalid', () => {
    render(
      <SelectField
        label="State"
        placeholder="Select…"
        options={[{ value: 'TX', label: 'Texas' }]}
        error="Choose a state."
      />,
    );
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a state.');
    expect(within(select).getByRole('option', { name: 'Select…' })).toHaveValue('');
  });
  it('a caller-given id keeps the label association and the error id', () => {
    render(<TextField id="email" label="Email" error="Required." />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-describedby', 'email-error');
  });
});

describe('StepHeading and StatusMessage', () => {
  it('focus on step change: each new stepKey focuses the new heading; same key does not steal focus', () => {
    const { rerender } = render(
      <>
        <StepHeading stepKey="plan">Choose your plan</StepHeading>
        <button type="button">Elsewhere</button>
      </>,
    );
    act(() =>
      rerender(
        <>
          <StepHeading stepKey="terms">Terms</StepHeading>
          <button type="button">Elsewhere</button>
        </>,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Terms' })).toHaveFocus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() =>
      rerender(
        <>
          <StepHeading stepKey="terms">Terms</StepHeading>
          <button type="button">Elsewhere</button>
        </>,
      ),
    );
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
  it('skipInitialFocus=false focuses the heading on first render', () => {
    render(
      <StepHeading stepKey="payment" skipInitialFocus={false}>
        Payment
      </StepHeading>,
    );
    expect(screen.getByRole('heading', { name: 'Payment' })).toHaveFocus();
  });
  it('live region: the status region exists before its text, so the text is announced when it appears', () => {
    const { rerender } = render(<StatusMessage />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    rerender(<StatusMessage>Loading plans…</StatusMessage>);
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Loading plans…');
  });
  it('a hidden status is visually hidden but still in the accessibility tree', () => {
    render(<StatusMessage hidden>Total updated</StatusMessage>);
    const region = screen.getByRole('status');
    expect(region).toHaveClass('ofw-visually-hidden');
    expect(region).toHaveTextContent('Total updated');
  });
});

describe('ErrorBanner', () => {
  it('focus on error: each new message is announced and focused; dismiss is a named button', async () => {
    const onDismiss = vi.fn();
    const { rerender } = render(<ErrorBanner message="Card declined." dismissLabel="Dismiss" onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveFocus();
    screen.getByRole('button', { name: 'Dismiss' }).focus();
    rerender(<ErrorBanner message="Verification failed." dismissLabel="Dismiss" onDismiss={onDismiss} />);
    expect(screen.getByRole('alert')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Verification failed.');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
  it('focusOnShow=false announces without moving focus', () => {
    render(
      <>
        <input aria-label="Card number" autoFocus />
        <ErrorBanner message="An unexpected error occurred, please try again later." focusOnShow={false} />
      </>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveFocus();
  });
});

describe('TermsList', () => {
  it('§2 terms list: continue works by keyboard; busy blocks a second continue', async () => {
    const onContinue = vi.fn();
    const { rerender } = render(<TermsList items={['A term']} continueLabel="Continue" onContinue={onContinue} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onContinue).toHaveBeenCalledTimes(1);
    rerender(<TermsList items={['A term']} continueLabel="Continue" onContinue={onContinue} busy />);
    await userEvent.keyboard('{Enter}');
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});

describe('BillingInformation', () => {
  it('§2 billing information: errors mark their fields invalid, blur is reported per field, autocomplete set', async () => {
    const onBlurField = vi.fn();
    render(
      <BillingInformation
        value={{ streetAddress: '', locality: '', region: '', postalCode: '' }}
        onChange={() => {}}
        labels={billingLabels}
        errors={{ streetAddress: 'This field is required.' }}
        onBlurField={onBlurField}
      />,
    );
    const street = screen.getByRole('textbox', { name: 'Street address' });
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(street).toHaveAccessibleDescription('This field is required.');
    expect(street).toHaveAttribute('autocomplete', 'address-line1');
    expect(screen.getByRole('textbox', { name: 'City' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('textbox', { name: 'ZIP code' })).toHaveAttribute('autocomplete', 'postal-code');
    await userEvent.click(street);
    await userEvent.tab();
    expect(onBlurField).toHaveBeenCalledWith('streetAddress');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveFocus();
  });
  it('disabled while submitting: every field is disabled', () => {
    render(
      <BillingInformation
        value={{ streetAddress: '', locality: '', region: '', postalCode: '' }}
        onChange={() => {}}
        labels={billingLabels}
        disabled
      />,
    );
    for (const input of screen.getAllByRole('textbox')) expect(input).toBeDisabled();
  });
});

describe('SecurityQuestions', () => {
  it('§2 security questions: a labelled group; slot errors are described and mark their control invalid', () => {
    render(
      <SecurityQuestions
        questions={[{ id: 'q1', text: 'First pet?' }]}
        value={[
          { questionId: '', answer: '' },
          { questionId: 'q1', answer: '' },
        ]}
        onChange={() => {}}
        labels={{
          legend: 'Security questions',
          question: (n) => `Question ${n}`,
          answer: (n) => `Answer ${n}`,
          placeholder: 'Choose',
        }}
        errors={[{ question: 'Choose a question.' }, { answer: 'Enter an answer.' }]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Security questions' });
    const q1 = within(group).getByRole('combobox', { name: 'Question 1' });
    expect(q1).toHaveAttribute('aria-invalid', 'true');
    expect(q1).toHaveAccessibleDescription('Choose a question.');
    const a2 = within(group).getByRole('textbox', { name: 'Answer 2' });
    expect(a2).toHaveAccessibleDescription('Enter an answer.');
    expect(within(group).getByRole('textbox', { name: 'Answer 1' })).not.toHaveAttribute('aria-invalid');
  });
});

describe('CountrySelect and PhoneCodeSelect', () => {
  it('§2 country select: labelled, its error described and marked invalid', () => {
    render(
      <CountrySelect label="Country" countries={[{ value: 'US', label: 'United States' }]} error="Choose a country." />,
    );
    const select = screen.getByRole('combobox', { name: 'Country' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a country.');
  });
  it('§2 phone-country-code select: autocomplete tel-country-code, changed by keyboard', async () => {
    const onChange = vi.fn();
    render(
      <PhoneCodeSelect
        label="Country code"
        codes={[
          { value: '+1', label: '+1' },
          { value: '+44', label: '+44' },
        ]}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Country code' });
    expect(select).toHaveAttribute('autocomplete', 'tel-country-code');
    await userEvent.selectOptions(select, '+44');
    expect(onChange).toHaveBeenCalledWith('+44');
  });
});

describe('CoParentEmailQuestion', () => {
  it('§2 co-parent email question: a radio group named by the question; the email error is described', () => {
    render(
      <CoParentEmailQuestion
        value={{ hasEmail: true, email: 'x@' }}
        onChange={() => {}}
        labels={{ legend: 'Do you know their email?', yes: 'Yes', no: 'No', email: 'Their email' }}
        error="Enter a valid email address."
      />,
    );
    const group = screen.getByRole('group', { name: 'Do you know their email?' });
    expect(within(group).getByRole('radio', { name: 'Yes' })).toBeChecked();
    const email = within(group).getByRole('textbox', { name: 'Their email' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
  });
  it('answered by keyboard: Space checks the focused radio', async () => {
    const onChange = vi.fn();
    render(
      <CoParentEmailQuestion
        value={{ hasEmail: undefined, email: '' }}
        onChange={onChange}
        labels={{ legend: 'Q', yes: 'Yes', no: 'No', email: 'Email' }}
      />,
    );
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith({ hasEmail: true, email: '' });
  });
});

describe('FaqAccordion', () => {
  const items = [
    { id: 'a', question: 'Can I cancel?', answer: 'Yes, any time.' },
    { id: 'b', question: 'Is it secure?', answer: 'Yes.' },
  ];
  it('§2 FAQ accordion by keyboard: Tab reaches each question, Enter and Space toggle its answer', async () => {
    render(<FaqAccordion heading="FAQ" items={items} />);
    const first = screen.getByRole('button', { name: 'Can I cancel?' });
    const second = screen.getByRole('button', { name: 'Is it secure?' });
    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Can I cancel?' })).toBeVisible();
    await userEvent.tab();
    expect(second).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveAttribute('aria-expanded', 'true');
  });
  it('WAI-ARIA accordion: each button controls its answer, questions are headings one level below the title', () => {
    render(<FaqAccordion heading="FAQ" items={items} level={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'FAQ' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'Is it secure?' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel).toHaveTextContent('Yes.');
    expect(panel).not.toBeVisible();
    expect(screen.getByRole('region', { name: 'FAQ' })).toBeInTheDocument();
  });
});

describe('PackageCard, PackageGrid and YearSwitch', () => {
  it('§2 package choice: the grid is a named group of articles named by their package', () => {
    render(
      <PackageGrid label="Plans">
        <PackageCard pkg={pkg} selectLabel="Select" onSelect={() => {}} />
        <PackageCard pkg={{ ...pkg, id: 2055, name: 'Max' }} selectLabel="Select" onSelect={() => {}} />
      </PackageGrid>,
    );
    const grid = screen.getByRole('group', { name: 'Plans' });
    expect(
      within(grid)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby')),
    ).toEqual(['pkg-2053-name', 'pkg-2055-name']);
    expect(within(grid).getByRole('article', { name: 'Max' })).toBeInTheDocument();
  });
  it('submitting: the busy card ignores clicks, the others are disabled; selected is aria-pressed', async () => {
    const onSelect = vi.fn();
    render(
      <>
        <PackageCard pkg={pkg} selectLabel="Select" onSelect={onSelect} busy selected />
        <PackageCard pkg={{ ...pkg, id: 2055, name: 'Max' }} selectLabel="Select" onSelect={onSelect} disabled />
      </>,
    );
    const [premium, max] = screen.getAllByRole('button', { name: 'Select' });
    expect(premium).toHaveAttribute('aria-busy', 'true');
    expect(premium).toHaveAttribute('aria-pressed', 'true');
    expect(max).toBeDisabled();
    await userEvent.click(premium!);
    await userEvent.click(max!);
    expect(onSelect).not.toHaveBeenCalled();
  });
  it('§4 upgrade: the prorated price line is shown', () => {
    render(
      <PackageCard
        pkg={{ ...pkg, proratedLine: 'Upgrade today for $52.34 (prorated)' }}
        selectLabel="Upgrade"
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText('Upgrade today for $52.34 (prorated)')).toBeInTheDocument();
  });
  it('§4 Discount: the struck original total is labelled for screen readers', () => {
    render(
      <PackageCard
        pkg={{
          ...pkg,
          discount: {
            label: 'Save $43.20 (20%)',
            discountedTotal: '$172.80',
            originalTotal: '$216.00',
            originalLabel: 'Was',
          },
        }}
        selectLabel="Select"
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText('$216.00').closest('p')).toHaveTextContent('Was $216.00 $172.80');
  });
  it('1/2-year switch: a group named by its legend, operated with the arrow keys', async () => {
    function Harness() {
      const [years, setYears] = useState<1 | 2>(1);
      return (
        <YearSwitch
          value={years}
          onChange={setYears}
          labels={{ legend: 'Subscription length', one: '1 year', two: '2 years' }}
        />
      );
    }
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Subscription length' });
    await userEvent.tab();
    expect(within(group).getByRole('radio', { name: '1 year' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '2 years' })).toBeChecked();
  });
  it('two 1/2-year switches on one page are independent radio groups', async () => {
    function Harness({ legend }: { legend: string }) {
      const [years, setYears] = useState<1 | 2>(1);
      return <YearSwitch value={years} onChange={setYears} labels={{ legend, one: '1 year', two: '2 years' }} />;
    }
    render(
      <>
        <Harness legend="Plans" />
        <Harness legend="Build your own" />
      </>,
    );
    const plans = screen.getByRole('group', { name: 'Plans' });
    const byo = screen.getByRole('group', { name: 'Build your own' });
    await userEvent.click(within(plans).getByRole('radio', { name: '2 years' }));
    expect(within(plans).getByRole('radio', { name: '2 years' })).toBeChecked();
    expect(within(byo).getByRole('radio', { name: '1 year' })).toBeChecked();
  });
});

describe('ThreeDSecureModal', () => {
  function Harness({ variant }: { variant?: ThreeDSecureModalProps['variant'] }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Pay
        </button>
        <ThreeDSecureModal
          open={open}
          variant={variant}
          title="Verify your card"
          closeLabel="Cancel verification"
          onCancel={() => setOpen(false)}
        >
          <input aria-label="One-time code" />
        </ThreeDSecureModal>
      </>
    );
  }
  it('§2 3DS frame: opens focused as a modal dialog; Escape closes it and focus returns to the opener', async () => {
    render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    );
    const pay = screen.getByRole('button', { name: 'Pay' });
    await userEvent.click(pay);
    const dialog = screen.getByRole('dialog', { name: 'Verify your card' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pay).toHaveFocus();
  });
  it('§2 3DS frame: the close button works by keyboard and returns focus', async () => {
    render(<Harness variant="bootstrap" />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel verification' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay' })).toHaveFocus();
  });
  it('§2 3DS frame: Tab stays inside the modal dialog, both ways', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const close = screen.getByRole('button', { name: 'Cancel verification' });
    const code = screen.getByRole('textbox', { name: 'One-time code' });
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(code).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(code).toHaveFocus();
  });
  it('inline variant: not modal, no backdrop; Escape still cancels; a closed dialog no longer listens', async () => {
    const onCancel = vi.fn();
    const { rerender } = render(
      <ThreeDSecureModal open variant="inline" title="Verify" closeLabel="Cancel" onCancel={onCancel} />,
    );
    expect(screen.getByRole('dialog', { name: 'Verify' })).not.toHaveAttribute('aria-modal');
    expect(screen.queryByTestId('three-d-secure-backdrop')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    rerender(
      <ThreeDSecureModal open={false} variant="inline" title="Verify" closeLabel="Cancel" onCancel={onCancel} />,
    );
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('WCAG 2.5.8 target size', () => {
  beforeAll(() => {
    const css = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/styles.css');
    const style = document.createElement('style');
    style.textContent = readFileSync(css, 'utf8');
    document.head.append(style);
  });
  const px = (v: string) => (v.endsWith('px') ? Number.parseFloat(v) : 0);
  it('every control of every component has a target at least 24×24 px (min-height/min-width)', () => {
    render(
      <>
        <Button>Go</Button>
        <BackButton label="Back" onClick={() => {}} />
        <BackLink label="Back to sign up" href="#" />
        <TextField label="Email" />
        <CountrySelect label="Country" countries={[{ value: 'US', label: 'US' }]} />
        <ErrorBanner message="Declined" dismissLabel="Dismiss" onDismiss={() => {}} focusOnShow={false} />
        <CoParentEmailQuestion
          value={{ hasEmail: true, email: '' }}
          onChange={() => {}}
          labels={{ legend: 'Q', yes: 'Yes', no: 'No', email: 'Email 2' }}
        />
        <YearSwitch value={1} onChange={() => {}} labels={{ legend: 'Length', one: '1 year', two: '2 years' }} />
        <FaqAccordion heading="FAQ" items={[{ id: 'a', question: 'Q?', answer: 'A.' }]} />
        <PackageCard pkg={pkg} selectLabel="Select" onSelect={() => {}} />
        <ThreeDSecureModal open variant="inline" title="Verify" closeLabel="Cancel" onCancel={() => {}} />
      </>,
    );
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input, select');
    expect(controls.length).toBeGreaterThanOrEqual(14);
    for (const control of controls) {
      // A radio's target is its whole label.
      const target = control.matches('input[type=radio]') ? control.closest('label')! : control;
      const style = getComputedStyle(target);
      const name = control.getAttribute('aria-label') ?? control.textContent ?? control.id;
      expect(px(style.minHeight), `min-height of ${name}`).toBeGreaterThanOrEqual(24);
      // Text controls are wider than 24 px by their text; icon-only buttons need a min-width.
      if (control.matches('.ofw-icon-button'))
        expect(px(style.minWidth), `min-width of ${name}`).toBeGreaterThanOrEqual(24);
    }
  });
});
