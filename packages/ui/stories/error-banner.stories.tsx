import type { Story, StoryDefault } from '@ladle/react';
import { useState } from 'react';
import { Button, ErrorBanner } from '../src/index.js';

export default { title: 'Feedback / Error banner' } satisfies StoryDefault;

/** §2 payment error banner with a close button. */
export const PaymentError: Story = () => {
  const [message, setMessage] = useState<string | null>(
    'Your card was declined. Try another card or contact your bank.',
  );
  return (
    <>
      <ErrorBanner
        title="Payment not completed"
        message={message}
        dismissLabel="Dismiss"
        onDismiss={() => setMessage(null)}
        focusOnShow={false}
      />
      {message ? null : (
        <Button variant="secondary" onClick={() => setMessage('Your card was declined.')}>
          Show again
        </Button>
      )}
    </>
  );
};

/** §8 product error when the join countries fail to load. */
export const ProductError: Story = () => (
  <ErrorBanner message="An unexpected error occurred, please try again later." focusOnShow={false} />
);

/** On error the banner is announced (`role="alert"`) and takes focus, so keyboard users land on it. */
export const FocusOnError: Story = () => {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <>
      <ErrorBanner message={message} dismissLabel="Dismiss" onDismiss={() => setMessage(null)} />
      <Button onClick={() => setMessage('We could not verify your card. Try again or use another card.')}>
        Pay $216.00
      </Button>
    </>
  );
};

export const Spanish: Story = () => (
  <ErrorBanner
    title="Pago no completado"
    message="Se rechazó su tarjeta. Pruebe con otra tarjeta o comuníquese con su banco."
    dismissLabel="Cerrar"
    onDismiss={() => {}}
    focusOnShow={false}
  />
);

/** The same story on a 360 px phone. */
export const Phone: Story = () => <PaymentError />;
Phone.meta = { width: 360 };
