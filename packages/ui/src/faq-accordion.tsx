import { useId, useState, type ReactNode } from 'react';
import { GLYPH } from './glyphs.js';

/** One FAQ entry; texts already localized. */
export interface FaqItem {
  /** Stable id, unique in the list (used for the button and panel ids). */
  id: string;
  /** The question: the toggle button's text and the answer region's name. */
  question: string;
  /** The answer; may hold links. */
  answer: ReactNode;
}

/** Props of {@link FaqAccordion}. */
export interface FaqAccordionProps {
  /** Localized heading, e.g. "Frequently asked questions". */
  heading: string;
  /** The questions, in order; all start closed. */
  items: readonly FaqItem[];
  /** Heading level of the section heading (questions use the next level). Default 2. */
  level?: 2 | 3 | 4;
}

/**
 * §2 "An FAQ accordion" following the WAI-ARIA accordion pattern: each question is a button inside a heading,
 * with `aria-expanded` and `aria-controls` pointing at its answer region.
 */
export function FaqAccordion({ heading, items, level = 2 }: FaqAccordionProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const base = useId().replace(/:/g, '');
  const H = `h${level}` as 'h2';
  const Q = `h${level + 1}` as 'h3';
  return (
    <section className="ofw-faq" aria-labelledby={`${base}-h`}>
      <H id={`${base}-h`} className="ofw-faq__heading">
        {heading}
      </H>
      {items.map((item) => {
        const expanded = open.has(item.id);
        const panelId = `${base}-${item.id}-panel`;
        const buttonId = `${base}-${item.id}-button`;
        return (
          <div key={item.id} className="ofw-faq__item">
            <Q className="ofw-faq__question">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                className="ofw-faq__toggle"
                onClick={() =>
                  setOpen((prev) => {
                    const next = new Set(prev);
                    if (next.has(item.id)) next.delete(item.id);
                    else next.add(item.id);
                    return next;
                  })
                }
              >
                <span>{item.question}</span>
                <span aria-hidden="true" className="ofw-faq__icon">
                  {expanded ? GLYPH.collapse : GLYPH.expand}
                </span>
              </button>
            </Q>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="ofw-faq__answer">
              {item.answer}
            </div>
          </div>
        );
      })}
    </section>
  );
}
