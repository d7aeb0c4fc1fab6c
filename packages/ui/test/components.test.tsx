import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  Button,
  CoParentEmailQuestion,
  type CoParentEmailValue,
  ErrorBanner,
  FaqAccordion,
  PackageCard,
  StepHeading,
  StepIndicator,
  TermsList,
  CheckboxField,
  ThreeDSecureModal,
  VenmoLogo,
  YearSwitch,
} from '../src/index.js';

describe('StepIndicator', () => {
  it('§2 step indicator with dots: one item per step, aria-current on the current step', () => {
    render(
      <StepIndicator
        label="Join progress"
        steps={['Details', 'Package', 'Terms', 'Payment', 'Account']}
        current={2}
        describeStep={(i, n) => `Step ${i + 1} of 5: ${n}`}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Join progress' });
    const items = nav.querySelectorAll('li');
    expect(items).toHaveLength(5);
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).toHaveTextContent('Step 3 of 5: Terms');
    expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  });
});

describe('ErrorBanner', () => {
  it('§2 payment error banner: role=alert with the message, focused when shown, absent without a message', () => {
    const { rerender } = render(<ErrorBanner message={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<ErrorBanner message="Your card was declined." dismissLabel="Dismiss" onDismiss={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });
});

describe('TermsList and Button', () => {
  it('§2 terms list with a continue button; a busy button ignores clicks (no double submit)', async () => {
    const onContinue = vi.fn();
    const { rerender } = render(
      <TermsList items={['Term one', 'Term two']} continueLabel="Continue" onContinue={onContinue} />,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
    rerender(<TermsList items={['Term one']} continueLabel="Continue" onContinue={onContinue} busy />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
  it('TermsList shows its choices (a CheckboxField) between the list and Continue; the box is described by its sentence', async () => {
    const onChange = vi.fn();
    render(
      <TermsList items={['Term one']} continueLabel="Continue" onContinue={() => {}}>
        <CheckboxField
          label="Renew automatically"
          description="Charged on the last day."
          checked={false}
          onChange={onChange}
        />
      </TermsList>,
    );
    const box = screen.getByRole('checkbox', { name: 'Renew automatically' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Charged on the last day.');
    await userEvent.click(screen.getByText('Renew automatically'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(box.compareDocumentPosition(screen.getByRole('button', { name: 'Continue' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
  it('Button defaults to type=button so it never submits a form by accident', () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
  });
});

describe('FaqAccordion', () => {
  it('§2 FAQ accordion: buttons toggle aria-expanded and their answer region', async () => {
    render(
      <FaqAccordion
        heading="FAQ"
        items={[
          { id: 'a', question: 'Can I cancel?', answer: 'Yes, any time.' },
          { id: 'b', question: 'Is it secure?', answer: 'Yes.' },
        ]}
      />,
    );
    const q = screen.getByRole('button', { name: 'Can I cancel?' });
    expect(q).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Yes, any time.')).not.toBeVisible();
    await userEvent.click(q);
    expect(q).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Can I cancel?' })).toHaveTextContent('Yes, any time.');
    await userEvent.click(q);
    expect(q).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('CoParentEmailQuestion', () => {
  it('§2 co-parent email question: "yes" reveals the email field', async () => {
    function Harness() {
      const [v, setV] = useState<CoParentEmailValue>({ hasEmail: undefined, email: '' });
      return (
        <CoParentEmailQuestion
          value={v}
          onChange={setV}
          labels={{ legend: "Do you know your co-parent's email?", yes: 'Yes', no: 'No', email: "Co-parent's email" }}
        />
      );
    }
    render(<Harness />);
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.type(screen.getByRole('textbox', { name: "Co-parent's email" }), 'ex@example.com');
    expect(screen.getByRole('textbox', { name: "Co-parent's email" })).toHaveValue('ex@example.com');
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('PackageCard and YearSwitch', () => {
  const pkg = {
    id: 2052,
    selectButtonId: 'select-premium-1y',
    name: 'Premium',
    totalPrice: '$216.00',
    monthlyPrice: '$18.00/month',
    vatLine: 'Includes £26.00 VAT',
    primaryFeatures: ['Messages', 'Calendar'],
  };
  it('§3 Package: the select button carries selectButtonId and reports the package id', async () => {
    const onSelect = vi.fn();
    render(<PackageCard pkg={pkg} selectLabel="Select" onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: 'Select' });
    expect(button).toHaveAttribute('id', 'select-premium-1y');
    expect(button).toHaveAccessibleDescription('Premium');
    await userEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith(2052);
    expect(screen.getByText('$216.00')).toBeInTheDocument();
    expect(screen.getByText('$18.00/month')).toBeInTheDocument();
    expect(screen.getByText('Includes £26.00 VAT')).toBeInTheDocument();
  });
  it('§4 Discount: shows the original and discounted totals with the amount-and-percent label', () => {
    render(
      <PackageCard
        pkg={{
          ...pkg,
          discount: {
            label: 'Save $20.00 (9%)',
            discountedTotal: '$196.00',
            originalTotal: '$216.00',
            originalLabel: 'Was',
          },
        }}
        selectLabel="Select"
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText('Save $20.00 (9%)')).toBeInTheDocument();
    expect(screen.getByText('$216.00').tagName).toBe('S');
  });
  it('a note says why a package cannot be chosen and describes its disabled select button', () => {
    const onSelect = vi.fn();
    render(
      <PackageCard
        pkg={{ ...pkg, note: 'You already have this plan or a higher one.' }}
        selectLabel="Select"
        onSelect={onSelect}
        disabled
      />,
    );
    const button = screen.getByRole('button', { name: 'Select' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Premium You already have this plan or a higher one.');
    expect(screen.getByText('You already have this plan or a higher one.')).toBeInTheDocument();
  });
  it('1/2-year switch is a radio group', async () => {
    const onChange = vi.fn();
    render(
      <YearSwitch
        value={1}
        onChange={onChange}
        labels={{ legend: 'Subscription length', one: '1 year', two: '2 years' }}
      />,
    );
    expect(screen.getByRole('radio', { name: '1 year' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '2 years' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

describe('VenmoLogo', () => {
  it("§2 Venmo logo: title 'Pay with Venmo', width to height 5:1, size option", () => {
    render(<VenmoLogo width={150} />);
    const logo = screen.getByRole('img', { name: 'Pay with Venmo' });
    expect(logo).toHaveAttribute('width', '150');
    expect(logo).toHaveAttribute('height', '30');
  });

  // moved here from @ofw/payments' wallets test with @ofw/payments' VenmoLogo (one VenmoLogo, in @ofw/ui).
  it('§2 the Venmo logo is 5:1 with the title "Pay with Venmo", in sizes and colours', () => {
    render(<VenmoLogo size="large" color="white" />);
    const logo = screen.getByRole('img', { name: 'Pay with Venmo' });
    expect(logo.getAttribute('width')).toBe('160');
    expect(logo.getAttribute('height')).toBe('32');
    expect(logo.querySelector('text')!.getAttribute('fill')).toBe('#FFFFFF');
    render(<VenmoLogo size={20} title="Pagar con Venmo" />);
    expect(screen.getByRole('img', { name: 'Pagar con Venmo' }).getAttribute('width')).toBe('100');
  });

  it('one VenmoLogo for every caller — other SVG props (aria-hidden, className) are passed on', () => {
    const { container } = render(<VenmoLogo size="small" color="black" aria-hidden="true" className="extra" />);
    const logo = container.querySelector('svg')!;
    expect(logo.getAttribute('aria-hidden')).toBe('true');
    expect(logo.getAttribute('class')).toBe('ofw-venmo-logo extra');
    expect(logo.getAttribute('width')).toBe('80');
    expect(logo.querySelector('text')!.getAttribute('fill')).toBe('#000000');
  });
});

describe('ThreeDSecureModal', () => {
  const setup = (variant?: 'modal' | 'bootstrap') => {
    const onCancel = vi.fn();
    render(
      <ThreeDSecureModal
        open
        title="Verify your card"
        closeLabel="Cancel verification"
        onCancel={onCancel}
        variant={variant}
      />,
    );
    return onCancel;
  };
  it('§2 3DS frame: Escape cancels', async () => {
    const onCancel = setup();
    expect(screen.getByRole('dialog', { name: 'Verify your card' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
  it('§2 3DS frame: a backdrop click cancels, a click inside does not', async () => {
    const onCancel = setup();
    await userEvent.click(screen.getByTestId('three-d-secure-frame'));
    expect(onCancel).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('three-d-secure-backdrop'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
  it('§2 3DS frame: the close button cancels; bootstrap variant is its own class (440 px)', async () => {
    const onCancel = setup('bootstrap');
    expect(screen.getByRole('dialog')).toHaveClass('ofw-3ds--bootstrap');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel verification' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('StepHeading', () => {
  it('moves focus to the heading when the step changes, not on first load, also under StrictMode', () => {
    const { rerender } = render(
      <StrictMode>
        <StepHeading stepKey="details">Your details</StepHeading>
      </StrictMode>,
    );
    expect(screen.getByRole('heading', { name: 'Your details' })).not.toHaveFocus();
    act(() =>
      rerender(
        <StrictMode>
          <StepHeading stepKey="package">Choose a package</StepHeading>
        </StrictMode>,
      ),
    );
    expect(screen.getByRole('heading', { name: 'Choose a package' })).toHaveFocus();
  });
});
