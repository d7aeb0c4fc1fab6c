import { PRIORITY_COUNTRIES, type Flow } from '@ofw/domain';
import { Button, CountrySelect, ErrorBanner, StatusMessage } from '@ofw/ui';
import { useIntl } from 'react-intl';
import { problemMessage } from '../api-errors.js';
import { useJoinPort } from '../join-port.js';
import { appMessages, detailsMessages, problemMessages, stepMessages } from '../messages.js';
import { RetryableError } from '../RetryableError.js';
import type { StepNav } from '../use-join.js';
import { countryOptions } from './details/details-options.js';
import { NameFields } from './details/NameFields.js';
import { PhoneFields } from './details/PhoneFields.js';
import { useContinue } from './details/use-continue.js';
import { useDetailsForm } from './details/use-details-form.js';

export { PHONE_CODE_COUNTRIES } from './details/details-options.js';

/**
 * Step 1, account details (§2, §3 `parent`, §5): first and last name, email, phone country code (default +1),
 * phone number and the country, detected from the code (+1 → US, or CA when the Canadian check says so; +44 GB;
 * +61 AU; +64 NZ; other codes by label). Continue starts the join with POST /signups. Router- and query-free: what
 * it needs of them comes from the tree's port (join-port.tsx), so the first-screen tree can render it.
 */
export function DetailsStep({
  flow,
  nav,
  proReferralToken,
}: {
  flow: Flow;
  nav: StepNav;
  proReferralToken?: string | undefined;
}) {
  const intl = useIntl();
  const { JoinLink } = useJoinPort();
  const form = useDetailsForm();
  const { submit, busy, onSubmit, referralInvalid, failed } = useContinue(form, { flow, nav, proReferralToken });
  const banner = referralInvalid ? intl.formatMessage(problemMessages.referralInvalid) : undefined;
  const { joinCountries, country } = form;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      className="app-narrow"
      aria-busy={busy || undefined}
    >
      <p>{intl.formatMessage(detailsMessages.intro)}</p>
      {joinCountries.isError ? (
        <div>
          <ErrorBanner message={intl.formatMessage(appMessages.unexpectedError)} focusOnShow={false} />
          <Button variant="secondary" onClick={() => void joinCountries.refetch()}>
            {intl.formatMessage(appMessages.tryAgain)}
          </Button>
        </div>
      ) : null}
      <ErrorBanner message={banner} />
      <RetryableError
        error={failed ? submit.error : undefined}
        kind="save"
        message={failed}
        onRetry={() => void onSubmit()}
      />
      {referralInvalid ? (
        <p>
          <JoinLink>{intl.formatMessage(problemMessages.joinWithoutReferral)}</JoinLink>
        </p>
      ) : null}
      <ErrorBanner message={problemMessage(intl, form.canadianError)} focusOnShow={false} />
      <NameFields form={form} />
      <PhoneFields form={form} />
      <CountrySelect
        ref={(el) => void (form.refs.current.country = el)}
        id="country"
        label={intl.formatMessage(detailsMessages.country)}
        hint={intl.formatMessage(detailsMessages.countryHint)}
        countries={countryOptions(intl, joinCountries.data, form.countries.data, country)}
        groupLabels={{
          priority: intl.formatMessage(detailsMessages.countryGroupCommon),
          all: intl.formatMessage(detailsMessages.countryGroupAll),
        }}
        priority={PRIORITY_COUNTRIES}
        placeholder={country ? undefined : intl.formatMessage(detailsMessages.selectPlaceholder)}
        required
        value={country ?? ''}
        error={form.errors.country}
        onChange={(e) => form.setCountry(e.target.value || undefined)}
      />
      <StatusMessage hidden>
        {form.canadian.isFetching ? intl.formatMessage(detailsMessages.checkingPhone) : null}
      </StatusMessage>
      <div className="ofw-actions">
        <span />
        <Button type="submit" busy={busy}>
          {intl.formatMessage(stepMessages.continue)}
        </Button>
      </div>
    </form>
  );
}
