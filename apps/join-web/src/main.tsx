import '@ofw/ui/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppContext } from './app.js';

const context = createAppContext();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App context={context} />
  </StrictMode>,
);
