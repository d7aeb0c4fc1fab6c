import { Heading, Link, Section, Text } from '@react-email/components';
import type { IntlShape } from 'react-intl';
import { Layout, styles } from './templates.js';

/**
 * The one-time code that proves a parent's address (outbox kind 'email_code', services/email-proof.ts). The code is
 * scrubbed from the outbox row once sent (outbox.ts). `existingAccount`: the address already has a real account — the
 * e-mail, read only by whoever holds the mailbox, says so and links to sign-in (the HTTP answer never does:
 * docs/IDENTITY.md "No enumeration").
 */
export interface EmailCodePayload {
  languageLocale: string;
  firstName: string;
  /** The 6 digits. */
  code: string;
  /** How long the code works. */
  minutes: number;
  existingAccount: boolean;
  signInUrl: string;
}

/** The subject of a code e-mail (the code itself is in the body only, not on a lock screen's preview line). */
export function emailCodeSubject(intl: IntlShape): string {
  return intl.formatMessage({ id: 'emailCode.subject' });
}

/** The code e-mail: the digits large and spaced for reading, how long they work, and the existing account's sign-in. */
export function EmailCodeEmail({ intl, p }: { intl: IntlShape; p: EmailCodePayload }) {
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Layout intl={intl} preview={t('emailCode.preview', { minutes: p.minutes })}>
      <Heading style={styles.heading}>{t('emailCode.heading')}</Heading>
      <Text>{t('emailCode.body', { firstName: p.firstName })}</Text>
      <Section style={{ margin: '24px 0' }}>
        <Text style={{ fontSize: '32px', fontWeight: 700, letterSpacing: '6px', margin: 0 }}>{p.code}</Text>
      </Section>
      <Text>{t('emailCode.expires', { minutes: p.minutes })}</Text>
      {p.existingAccount ? (
        <>
          <Text>{t('emailCode.existing')}</Text>
          <Text>
            <Link href={p.signInUrl}>{t('emailCode.signIn')}</Link>
          </Text>
        </>
      ) : null}
      <Text>{t('emailCode.ignore')}</Text>
    </Layout>
  );
}
