import '@ofw/ui/styles.css';
import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppContext } from './app.js';
import { preloadMessages } from './i18n/I18nProvider.js';
import { toLocale } from './i18n/locales.js';
import { localeAtom } from './state/join-state.js';

const context = createAppContext();
// The first screen needs the active locale's catalogue and the route's chunks: fetch them side by side rather than
// one after the other (the router would otherwise only start once the catalogue has rendered it).
void preloadMessages(toLocale(context.store.get(localeAtom))).catch(() => undefined);
void context.router.preloadRoute({ href: `${location.pathname}${location.search}` } as never).catch(() => undefined);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App context={context} />
  </StrictMode>,
);
