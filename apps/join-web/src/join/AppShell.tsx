import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES, LOCALES, toLocale } from '../i18n/locales.js';
import { localeAtom } from '../state/join-state.js';
import { useJoinPort } from './join-port.js';
import { appMessages } from './messages.js';

/**
 * Header (brand, the signed-in parent's Sign out, locale switch) and the main landmark around every route. The brand
 * link and the session line come from the tree's port (join-port.tsx): the first-screen tree renders this header
 * without the router. The locale select's id is fixed (one header per page), so the focus on it survives the switch
 * from one tree to the next (src/shell-input.ts restores the focus by id).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [locale, setLocale] = useAtom(localeAtom);
  const { JoinLink, SessionLine, useSaveLanguage } = useJoinPort();
  const saveLanguage = useSaveLanguage();
  const id = 'app-locale';
  return (
    <>
      <a className="skip-link" href="#main">
        {intl.formatMessage(appMessages.skipToContent)}
      </a>
      <header className="app-header">
        <JoinLink className="app-brand">{intl.formatMessage(appMessages.brand)}</JoinLink>
        <SessionLine />
        <div className="app-locale">
          <label htmlFor={id}>{intl.formatMessage(appMessages.language)}</label>
          <select
            id={id}
            value={toLocale(locale)}
            onChange={(e) => {
              setLocale(e.target.value);
              saveLanguage(toLocale(e.target.value)); // the e-mails join-api sends later speak it too
            }}
          >
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
