import { isApiError, type ApiError, type SignupRequest } from '@ofw/api-client';
import { countriesQuery, joinCountriesQuery } from '@ofw/api-client/query';
import {
  countryFromPhoneCode,
  needsCanadianPhoneCheck,
  PRIORITY_COUNTRIES,
  type CountryOption,
  type Flow,
} from '@ofw/domain';
import { Button, CountrySelect, ErrorBanner, PhoneCodeSelect, StatusMessage, TextField } from '@ofw/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { toLocale } from '../../i18n/locales.js';
import { useServices } from '../../services.js';
import { applyParentState } from '../../state/parent-state.js';
import { fieldErrorsOf, problemMessage } from '../api-errors.js';
import { appMessages, detailsMessages, problemMessages, stepMessages } from '../messages.js';
import { useJoin, type StepNav } from '../use-join.js';

/** Phone country codes offered (§9 +1, +44, +61, +64, and Ireland's +353 for the IE join country), priority first. */
export const PHONE_CODE_COUNTRIES: ReadonlyArray<{ code: string; countries: readonly string[] }> = [
  { code: '+1', countries: ['US', 'CA'] },
  { code: '+61', countries: ['AU'] },
  { code: '+44', countries: ['GB'] },
  { code: '+64', countries: ['NZ'] },
  { code: '+353', countries: ['IE'] },
];

type Field = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'country';
import { EMAIL_PATTERN as EMAIL } from '../validation.js';
const PHONE = /^[0-9 ()\-.]{4,20}$/;

function regionName(intl: IntlShape, code: string): string {
  try {
    return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Validates the account details; returns localized errors per field (empty = valid). */
export function validateDetails(
  intl: IntlShape,
  v: { firstName?: string; lastName?: string; email?: string; phoneNumber?: string; country?: string },
  joinCountries: readonly string[] | undefined,
): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  if (!v.firstName?.trim()) e.firstName = intl.formatMessage(detailsMessages.errorFirstName);
  if (!v.lastName?.trim()) e.lastName = intl.formatMessage(detailsMessages.errorLastName);
  if (!EMAIL.test(v.email?.trim() ?? '')) e.email = intl.formatMessage(detailsMessages.errorEmail);
  if (!PHONE.test(v.phoneNumber?.trim() ?? '')) e.phoneNumber = intl.formatMessage(detailsMessages.errorPhone);
  if (!v.country) e.country = intl.formatMessage(detailsMessages.errorCountry);
  else if (joinCountries && !joinCountries.includes(v.country))
    e.country = intl.formatMessage(detailsMessages.errorCountryUnsupported);
  return e;
}

/**
 * Step 1, account details (§2, §3 `parent`, §5): first and last name, email, phone country code (default +1),
 * phone number and the country, detected from the code (+1 → US, or CA when the Canadian check says so; +44 GB;
 * +61 AU; +64 NZ; other codes by label). Continue starts the join with POST /signups.
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
  const { api, newIdempotencyKey } = useServices();
  const queryClient = useQueryClient();
  const { state, patchState, setState, progress, patchProgress } = useJoin();
  const parent = state.parent;
  const locale = toLocale(state.languageLocale);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [banner, setBanner] = useState<string>();
  /** The pro referral link was used, revoked or has expired (POST /signups 401): offer the regular join. */
  const [referralInvalid, setReferralInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [phoneForCheck, setPhoneForCheck] = useState(parent.phoneNumber ?? '');
  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});

  const joinCountries = useQuery(joinCountriesQuery(api));
  const countries = useQuery(countriesQuery(api, locale));
  const code = parent.phoneCountryCode || '+1';

  const canadianCheck = (phone: string) => ({
    queryKey: ['canadianPhone', phone.replace(/\D/g, '')] as const,
    queryFn: () => api.checkCanadianPhone(phone.replace(/\D/g, '')),
    staleTime: Infinity,
  });
  const checkEnabled = needsCanadianPhoneCheck(code, phoneForCheck) && phoneForCheck.replace(/\D/g, '').length >= 4;
  const canadian = useQuery({ ...canadianCheck(phoneForCheck), enabled: checkEnabled, retry: false });

  const phoneCodeCountries: CountryOption[] = useMemo(
    () =>
      PHONE_CODE_COUNTRIES.map(({ code: c, countries: cs }) => ({
        key: cs[0]!,
        value: cs[0]!,
        name: cs[0]!,
        label: `(${c})`,
      })),
    [],
  );
  // §5 "Other codes are mapped by country label": the API's country labels carry the calling code ("Mexico (+52)").
  const labelled = useMemo(
    () => [...phoneCodeCountries, ...(countries.data ?? [])],
    [phoneCodeCountries, countries.data],
  );
  const detected = countryFromPhoneCode(code, {
    isCanadianPhoneNumber: checkEnabled ? canadian.data?.isCanadianPhoneNumber : false,
    countries: labelled,
  });

  // §5: the country follows the phone code (and the Canadian check). The parent may still change it by hand.
  const lastDetected = useRef<string | undefined>(state.address.country ? detected : undefined);
  useEffect(() => {
    if (detected && detected !== lastDetected.current) {
      lastDetected.current = detected;
      patchState((s) => ({ address: { ...s.address, country: detected } }));
    }
  }, [detected, patchState]);

  const joinCodes = useMemo(() => joinCountries.data?.map((c) => c.value), [joinCountries.data]);
  const country = state.address.country;
  // Once submitted, the errors follow the input (each field's message clears as it is fixed).
  useEffect(() => {
    if (submitted) setErrors(validateDetails(intl, { ...parent, country }, joinCodes));
  }, [submitted, intl, parent, country, joinCodes]);

  const countryOptions = (joinCountries.data ?? []).map((c) => ({
    value: c.value,
    label: countries.data?.find((o) => o.value === c.value)?.name ?? regionName(intl, c.value),
  }));
  // Priority codes first (§1), then every other calling code of the API's country list (which is localized).
  const codeOptions = PHONE_CODE_COUNTRIES.map(({ code: c, countries: cs }) => ({
    value: c,
    label: intl.formatMessage(detailsMessages.phoneCodeOption, {
      code: c,
      country: cs.map((x) => regionName(intl, x)).join(' / '),
    }),
  }));
  for (const option of countries.data ?? []) {
    const calling = /\((\+\d{1,4})\)$/.exec(option.label)?.[1];
    if (calling && !codeOptions.some((o) => o.value === calling)) {
      codeOptions.push({
        value: calling,
        label: intl.formatMessage(detailsMessages.phoneCodeOption, { code: calling, country: option.name }),
      });
    }
  }

  const setParent = (patch: Partial<typeof parent>) => patchState((s) => ({ parent: { ...s.parent, ...patch } }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setBanner(undefined);
    // Make sure the Canadian check has answered before trusting the detected country.
    let country = state.address.country;
    if (needsCanadianPhoneCheck(code, parent.phoneNumber)) {
      setPhoneForCheck(parent.phoneNumber ?? '');
      try {
        const res = await queryClient.fetchQuery(canadianCheck(parent.phoneNumber ?? ''));
        const c = countryFromPhoneCode(code, { isCanadianPhoneNumber: res.isCanadianPhoneNumber, countries: labelled });
        if (c && c !== lastDetected.current) {
          lastDetected.current = c;
          country = c;
          patchState((s) => ({ address: { ...s.address, country: c } }));
        }
      } catch {
        // The check is advisory: without an answer the country stays as shown.
      }
    }
    const found = validateDetails(intl, { ...parent, country }, joinCodes);
    setErrors(found);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    if (progress.signedIn) {
      // Already signed up (the parent came back with Back): keep the signup and go on.
      nav.next();
      return;
    }
    setBusy(true);
    try {
      const body: SignupRequest = {
        flow,
        languageLocale: locale,
        address: { country: country as SignupRequest['address']['country'] },
        parent: {
          firstName: parent.firstName!.trim(),
          lastName: parent.lastName!.trim(),
          email: parent.email!.trim(),
          phoneCountryCode: code,
          phoneNumber: parent.phoneNumber!.trim(),
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York',
        },
        ...(flow === 'pro' && state.proFirstName ? { proFirstName: state.proFirstName } : {}),
        ...(flow === 'pro' && state.proLastName ? { proLastName: state.proLastName } : {}),
        ...(flow === 'pro' && proReferralToken ? { proReferralToken } : {}),
        ...(flow === 'ctj' && state.inviteToken ? { inviteToken: state.inviteToken } : {}),
      };
      // issue 12: one Idempotency-Key per signup attempt, kept (also across a reload) until an answer arrives, so a
      // retry after a lost answer gets the same signup instead of failing on a used invite or referral token
      const json = JSON.stringify(body);
      const key = progress.signupAttempt?.body === json ? progress.signupAttempt.key : newIdempotencyKey();
      patchProgress({ signupAttempt: { key, body: json } });
      const signup = await api.createSignup(body, { idempotencyKey: key });
      // the auth token in the answer is not kept: join-api set the HttpOnly session cookie (issue 12)
      setState((s) => ({ ...s, parent: { ...s.parent, userId: signup.userId } }));
      patchProgress({
        signedIn: true,
        signupAttempt: undefined,
        signupId: signup.signupId,
        registrationKey: signup.registrationKey,
      });
      try {
        const ps = await api.getParent(signup.userId);
        setState((s) => applyParentState(s, ps));
      } catch {
        // The signup succeeded; the state refresh is best effort (the next steps refresh it again).
      }
      nav.next();
    } catch (err) {
      if (!isApiError(err) || !answerMayBeLost(err)) patchProgress({ signupAttempt: undefined });
      const fields = fieldErrorsOf(err);
      if (flow === 'pro' && proReferralToken && isApiError(err) && err.status === 401) {
        setReferralInvalid(true);
        setBanner(intl.formatMessage(problemMessages.referralInvalid));
      } else if (isApiError(err, 'conflict')) setErrors({ email: intl.formatMessage(detailsMessages.errorEmailTaken) });
      else if (Object.keys(fields).length) {
        const mapped: Partial<Record<Field, string>> = {};
        if (fields.email) mapped.email = intl.formatMessage(detailsMessages.errorEmail);
        if (fields.phoneNumber) mapped.phoneNumber = intl.formatMessage(detailsMessages.errorPhone);
        if (fields.firstName) mapped.firstName = intl.formatMessage(detailsMessages.errorFirstName);
        if (fields.lastName) mapped.lastName = intl.formatMessage(detailsMessages.errorLastName);
        if (fields.country) mapped.country = intl.formatMessage(detailsMessages.errorCountryUnsupported);
        setErrors(mapped);
        if (!Object.keys(mapped).length) setBanner(intl.formatMessage(appMessages.unexpectedError));
      } else setBanner(problemMessage(intl, err) ?? intl.formatMessage(appMessages.unexpectedError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="app-narrow" aria-busy={busy || undefined}>
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
      {referralInvalid ? (
        <p>
          <Link to="/join">{intl.formatMessage(problemMessages.joinWithoutReferral)}</Link>
        </p>
      ) : null}
      <ErrorBanner
        message={checkEnabled && canadian.isError ? problemMessage(intl, canadian.error) : undefined}
        focusOnShow={false}
      />
      <TextField
        ref={(el) => void (refs.current.firstName = el)}
        id="firstName"
        label={intl.formatMessage(detailsMessages.firstName)}
        autoComplete="given-name"
        required
        value={parent.firstName ?? ''}
        error={errors.firstName}
        onChange={(e) => setParent({ firstName: e.target.value })}
      />
      <TextField
        ref={(el) => void (refs.current.lastName = el)}
        id="lastName"
        label={intl.formatMessage(detailsMessages.lastName)}
        autoComplete="family-name"
        required
        value={parent.lastName ?? ''}
        error={errors.lastName}
        onChange={(e) => setParent({ lastName: e.target.value })}
      />
      <TextField
        ref={(el) => void (refs.current.email = el)}
        id="email"
        type="email"
        label={intl.formatMessage(detailsMessages.email)}
        autoComplete="email"
        required
        value={parent.email ?? ''}
        error={errors.email}
        onChange={(e) => setParent({ email: e.target.value })}
      />
      <div className="ofw-grid">
        <PhoneCodeSelect
          id="phoneCountryCode"
          label={intl.formatMessage(detailsMessages.phoneCode)}
          codes={codeOptions}
          value={code}
          onChange={(e) => setParent({ phoneCountryCode: e.target.value })}
        />
        <TextField
          ref={(el) => void (refs.current.phoneNumber = el)}
          id="phoneNumber"
          type="tel"
          label={intl.formatMessage(detailsMessages.phoneNumber)}
          autoComplete="tel-national"
          inputMode="tel"
          required
          value={parent.phoneNumber ?? ''}
          error={errors.phoneNumber}
          onChange={(e) => setParent({ phoneNumber: e.target.value })}
          onBlur={(e) => setPhoneForCheck(e.target.value)}
        />
      </div>
      <CountrySelect
        ref={(el) => void (refs.current.country = el)}
        id="country"
        label={intl.formatMessage(detailsMessages.country)}
        hint={intl.formatMessage(detailsMessages.countryHint)}
        countries={
          // A country detected from the phone code but not open for sign-up stays visible (with its error).
          state.address.country && !countryOptions.some((o) => o.value === state.address.country)
            ? [...countryOptions, { value: state.address.country, label: regionName(intl, state.address.country) }]
            : countryOptions
        }
        groupLabels={{
          priority: intl.formatMessage(detailsMessages.countryGroupCommon),
          all: intl.formatMessage(detailsMessages.countryGroupAll),
        }}
        priority={PRIORITY_COUNTRIES}
        placeholder={state.address.country ? undefined : intl.formatMessage(detailsMessages.selectPlaceholder)}
        required
        value={state.address.country ?? ''}
        error={errors.country}
        onChange={(e) => patchState((s) => ({ address: { ...s.address, country: e.target.value || undefined } }))}
      />
      <StatusMessage hidden>
        {canadian.isFetching ? intl.formatMessage(detailsMessages.checkingPhone) : null}
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

/**
 * Whether a failed signup may have been created all the same (no answer, a 5xx, or its twin still running): then the
 * attempt and its Idempotency-Key are kept for the retry. Any other answer is definite.
 */
function answerMayBeLost(err: ApiError): boolean {
  return err.status === 0 || err.status >= 500 || err.code === 'idempotency_in_flight';
}
