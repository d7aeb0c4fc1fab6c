/**
 * Keyboard operation and named structure of spec §2's navigation and choices: back button and link, terms list, FAQ
 * accordion, package cards and the 1/2-year switch (WCAG 2.2: 1.3.1, 2.1.1; WAI-ARIA accordion and radio group).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BackButton, BackLink, FaqAccordion, PackageCard, PackageGrid, TermsList, YearSwitch } from '../src/index.js';
import { pkg } from './a11y-fixtures.js';

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
