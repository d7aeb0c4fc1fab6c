import type { Story, StoryDefault } from '@ladle/react';
import { VenmoLogo } from '../src/index.js';

export default { title: 'Payment / Venmo logo' } satisfies StoryDefault;

/** §2 Venmo logo at 5:1, in its three colours (white shown on the brand blue). */
export const Colours: Story = () => (
  <div className="ofw-actions">
    <VenmoLogo />
    <VenmoLogo color="black" />
    <span style={{ background: '#0074DE', padding: 8, display: 'inline-block' }}>
      <VenmoLogo color="white" />
    </span>
  </div>
);

export const Sizes: Story = () => (
  <div className="ofw-actions">
    <VenmoLogo width={60} />
    <VenmoLogo width={100} />
    <VenmoLogo width={200} />
  </div>
);

export const Spanish: Story = () => <VenmoLogo width={150} title="Pagar con Venmo" />;
