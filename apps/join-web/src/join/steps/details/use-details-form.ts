import type { JoinCountryCode } from '@ofw/api-client';
import { countryFromPhoneCode } from '@ofw/domain';
import { atom, useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import { whenFirstScreenIdle } from '../../../first-screen-idle.js';
import { toLocale } from '../../../i18n/locales.js';
import { useServices } from '../../../services.js';
import { useJoinPort } from '../../join-port.js';
import { useJoin } from '../../use-join.js';
import { PHONE_CODE_OPTIONS, type DetailsField } from './details-options.js';
import type * as DetailsValidationModule from './details-validation.js';

type DetailsValidation = typeof DetailsValidationModule;
let loadedValidation: DetailsValidation | undefined;
let loadingValidation: Promise<DetailsValidation> | undefined;

/**
 * The details step's zod-backed rules (details-validation.ts: api-client's schemas), loaded once — after the first
 * screen, not in /join's first load. A failed load is tried again on the next call.
 */
export function loadDetailsValidation(): Promise<DetailsValidation> {
  return (loadingValidation ??= import('./details-validation.js').then(
    (m) => (loadedValidation = m),
    (err: unknown) => {
      loadingValidation = undefined;
      throw err;
    },
  ));
}

type Errors = Partial<Record<DetailsField, string>>;

/**
 * The details form's validation state — the messages shown and whether Continue was pressed (from then on the
 * messages follow the input) — in the jotai store (memory only), not in the component: the first-screen tree and
 * the full app that replaces it (docs/performance/join-web.md "First paint") show the same messages. {@link useDetailsForm}'s `reset`
 * clears it when the step is left.
 */
export const detailsFormAtom = atom<{ errors: Errors; submitted: boolean }>({ errors: {}, submitted: false });

/**
 * State and validation of the details step. The typed values live in the persisted join state (a reload or Back keeps
 * them); the country follows the phone code (§5: +1 → US, or CA when the Canadian check says so; +44 GB; +61 AU;
 * +64 NZ; other codes by the API's country labels) and the parent may still change it by hand. Once submitted, the
 * errors follow the input. `check` confirms the detected country (awaiting the Canadian check), shows the errors and
 * focuses the first field in error; it resolves to the country to sign up with, or `undefined` when the form is invalid.
 * The rules load right after the step renders ({@link loadDetailsValidation}) — on a fresh /join once the parent acts
 * or the page is idle (first-screen-idle.ts) —; until then the Canadian check waits and `check` awaits them.
 * Its reads go through the tree's {@link useJoinPort} (the query cache in the full app).
 */
export function useDetailsForm() {
  const intl = useIntl();
  const { api } = useServices();
  const port = useJoinPort();
  const { state, patchState } = useJoin();
  const parent = state.parent;
  const country = state.address.country;
  const { errors, submitted, setForm, setErrors } = useDetailsFormState();
  const [phoneForCheck, setPhoneForCheck] = useState(parent.phoneNumber ?? '');
  const refs = useRef<Partial<Record<DetailsField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const validation = useDetailsValidation();

  const joinCountries = port.useJoinCountries(api);
  const countries = port.useCountries(api, toLocale(state.languageLocale));
  const code = parent.phoneCountryCode || '+1';
  const checkEnabled = validation?.canadianCheckApplies(code, phoneForCheck) ?? false;
  const canadian = port.useCanadianPhone(api, phoneForCheck, checkEnabled);
  const fetchCanadianPhone = port.useFetchCanadianPhone(api);
  // §5 "Other codes are mapped by country label": the API's country labels carry the calling code ("Mexico (+52)").
  const labelled = useMemo(() => [...PHONE_CODE_OPTIONS, ...(countries.data ?? [])], [countries.data]);
  const detected = countryFromPhoneCode(code, {
    isCanadianPhoneNumber: checkEnabled ? canadian.data?.isCanadianPhoneNumber : false,
    countries: labelled,
  });

  const setCountry = (c: string | undefined) => patchState((s) => ({ address: { ...s.address, country: c } }));
  const lastDetected = useRef<string | undefined>(country ? detected : undefined);
  useEffect(() => {
    if (detected && detected !== lastDetected.current) {
      lastDetected.current = detected;
      patchState((s) => ({ address: { ...s.address, country: detected } }));
    }
  }, [detected, patchState]);

  const joinCodes = useMemo(() => joinCountries.data?.map((c) => c.value), [joinCountries.data]);
  useEffect(() => {
    if (submitted && validation) setErrors(validation.validateDetails(intl, { ...parent, country }, joinCodes));
  }, [submitted, validation, intl, parent, country, joinCodes, setErrors]);

  /** Makes sure the Canadian check has answered before trusting the detected country (advisory: a failure keeps it). */
  async function confirmedCountry(v: DetailsValidation): Promise<string | undefined> {
    if (!v.canadianCheckApplies(code, parent.phoneNumber)) return country;
    setPhoneForCheck(parent.phoneNumber ?? '');
    try {
      const res = await fetchCanadianPhone(parent.phoneNumber ?? '');
      const c = countryFromPhoneCode(code, { isCanadianPhoneNumber: res.isCanadianPhoneNumber, countries: labelled });
      if (c && c !== lastDetected.current) {
        lastDetected.current = c;
        setCountry(c);
        return c;
      }
    } catch {
      // The check is advisory: without an answer the country stays as shown.
    }
    return country;
  }

  /** Validates the step; the confirmed country (a join country, §1) when every field is valid, else undefined. */
  async function check(): Promise<JoinCountryCode | undefined> {
    setForm((f) => ({ ...f, submitted: true }));
    const v = await loadDetailsValidation();
    const confirmed = await confirmedCountry(v);
    const found = v.validateDetails(intl, { ...parent, country: confirmed }, joinCodes);
    setErrors(found);
    const first = (Object.keys(found) as DetailsField[])[0];
    // by id when this tree's field is gone (the full app took over from the first-screen tree meanwhile)
    const field = first && refs.current[first];
    if (first) (field && field.isConnected ? field : document.getElementById(first))?.focus();
    return first ? undefined : v.joinCountryCode(confirmed);
  }

  return {
    parent,
    code,
    country,
    errors,
    setErrors,
    refs,
    joinCountries,
    countries,
    canadian,
    /** The Canadian phone check's error while it applies (e.g. 429, explained next to the phone number). */
    canadianError: checkEnabled && canadian.isError ? canadian.error : undefined,
    setParent: (patch: Partial<typeof parent>) => patchState((s) => ({ parent: { ...s.parent, ...patch } })),
    setCountry,
    setPhoneForCheck,
    check,
    /** Forgets the messages and the pressed Continue (the step is left). */
    reset: () => setForm({ errors: {}, submitted: false }),
  };
}

/** The step's messages and its pressed Continue (`detailsFormAtom`: kept across the first-screen and full trees). */
function useDetailsFormState() {
  const [{ errors, submitted }, setForm] = useAtom(detailsFormAtom);
  const setErrors = useCallback(
    (update: SetStateAction<Errors>) =>
      setForm((f) => ({ ...f, errors: typeof update === 'function' ? update(f.errors) : update })),
    [setForm],
  );
  return { errors, submitted, setForm, setErrors };
}

/** The details rules once loaded ({@link loadDetailsValidation}); `undefined` until then. */
function useDetailsValidation(): DetailsValidation | undefined {
  const [validation, setValidation] = useState(loadedValidation);
  useEffect(() => {
    // a fresh /join's first screen loads them once the parent acts or the page is idle (first-screen-idle.ts);
    // `check` loads them at once
    if (!validation) whenFirstScreenIdle(loadDetailsValidation).then(setValidation, () => undefined);
  }, [validation]);
  return validation;
}
