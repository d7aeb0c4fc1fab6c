import type { GlobalProvider } from '@ladle/react';
import '../src/styles.css';

/** Wraps every story: loads the package stylesheet and gives the story the page padding the join has. */
export const Provider: GlobalProvider = ({ children }) => (
  <div style={{ padding: 16, maxWidth: 1040, margin: '0 auto' }}>{children}</div>
);
