import { FaqAccordion } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { faqMessages } from './messages.js';

/** The join's FAQ accordion (§2). */
export function JoinFaq() {
  const intl = useIntl();
  const items = (['1', '2', '3', '4'] as const).map((n) => ({
    id: `q${n}`,
    question: intl.formatMessage(faqMessages[`q${n}`]),
    answer: <p>{intl.formatMessage(faqMessages[`a${n}`])}</p>,
  }));
  return <FaqAccordion heading={intl.formatMessage(faqMessages.heading)} items={items} />;
}
