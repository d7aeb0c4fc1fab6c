import { Link } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, toLocale } from '../i18n/locales.js';
import { localeAtom } from '../state/join-state.js';
import { appMessages } from './messages.js';
import { SignOut } from './SignOut.js';

/** Header (brand, the signed-in parent's Sign out, locale switch) and the main landmark around every route. */
export function AppShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [locale, setLocale] = useAtom(localeAtom);
  const id = `locale-${useId().replace(/:/g, '')}`;
  return (
    <>
      <a className="skip-link" href="#main">
        {intl.formatMessage(appMessages.skipToContent)}
      </a>
      <header className="app-header">
        <Link to="/join" className="app-brand">
          {intl.formatMessage(appMessages.brand)}
        </Link>
        <SignOut />
        <div className="app-locale">
          <label htmlFor={id}>{intl.formatMessage(appMessages.language)}</label>
          <select id={id} value={toLocale(locale)} onChange={(e) => setLocale(e.target.value)}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
      </header>
      <main id="main" className="app-main">
        {children}
      </main>
    </>
  );
}
