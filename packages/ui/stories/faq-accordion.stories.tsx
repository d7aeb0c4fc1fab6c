import type { Story, StoryDefault } from '@ladle/react';
import { FaqAccordion, type FaqItem } from '../src/index.js';

export default { title: 'Content / FAQ accordion' } satisfies StoryDefault;

const ITEMS: FaqItem[] = [
  {
    id: 'change-plan',
    question: 'Can I change my plan later?',
    answer: 'Yes. You can upgrade at any time and pay only the prorated difference.',
  },
  {
    id: 'coparent',
    question: 'Does my co-parent need their own subscription?',
    answer: 'Each parent has their own account. An invited co-parent may join with a discount.',
  },
  {
    id: 'cancel',
    question: 'How do I cancel?',
    answer: (
      <>
        From <a href="#settings">My account</a>, at any time. Your access lasts until the end of the period paid.
      </>
    ),
  },
];

/** WAI-ARIA accordion: Tab to a question, Enter or Space opens and closes its answer. */
export const Default: Story = () => <FaqAccordion heading="Frequently asked questions" items={ITEMS} />;

export const Spanish: Story = () => (
  <FaqAccordion
    heading="Preguntas frecuentes"
    items={[
      {
        id: 'cambiar',
        question: '¿Puedo cambiar de plan más tarde?',
        answer: 'Sí. Puede mejorar su plan en cualquier momento y pagar solo la diferencia prorrateada.',
      },
      { id: 'cancelar', question: '¿Cómo cancelo?', answer: 'Desde Mi cuenta, en cualquier momento.' },
    ]}
  />
);

/** The same story on a 360 px phone. */
export const Phone: Story = () => <Default />;
Phone.meta = { width: 360 };
