/**
 * Target size from the stylesheet: every control of every component at least 24×24 px (WCAG 2.2: 2.5.8).
 */
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BackButton,
  BackLink,
  Button,
  CoParentEmailQuestion,
  CountrySelect,
  ErrorBanner,
  FaqAccordion,
  PackageCard,
  TextField,
  ThreeDSecureModal,
  YearSwitch,
} from '../src/index.js';
import { pkg } from './a11y-fixtures.js';

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
