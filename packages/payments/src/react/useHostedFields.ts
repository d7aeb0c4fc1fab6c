import { useCallback, useLayoutEffect, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import { cardBrand, type CardBrandInfo } from '../core/card-brands.js';
import { teardownError, toPaymentError, type PaymentError, type PaymentsError } from '../core/errors.js';
import {
  fieldReducer,
  initialCardFormState,
  isCardFormValid,
  shouldShowError,
  type CardFormState,
  type FieldAction,
} from '../core/field-state.js';
import type {
  CardFormField,
  HostedFieldKey,
  HostedFieldOptions,
  HostedFieldsCreateOptions,
  HostedFieldsEvent,
  HostedFieldsInstance,
  HostedFieldsState,
  HostedFieldsTokenizeOptions,
  TokenizedCard,
} from '../core/types.js';
import { usePayments } from './context.js';

/** Options of {@link useHostedFields}; `fields` must include number, expirationDate and cvv (§2). */
export interface UseHostedFieldsOptions {
  fields: Partial<Record<HostedFieldKey, HostedFieldOptions>> & Record<CardFormField, HostedFieldOptions>;
  styles?: HostedFieldsCreateOptions['styles'];
  supportedCardBrands?: HostedFieldsCreateOptions['supportedCardBrands'];
  /** Set-up timeout in ms (default 60 000, §4). */
  setupTimeoutMs?: number;
  /** Called on every braintree-web event with the instance state. */
  onEvent?: (event: HostedFieldsEvent, state: HostedFieldsState) => void;
}

/** What {@link useHostedFields} returns (§3 "Card form field state", §4 "Hosted card fields"). */
export interface UseHostedFieldsResult {
  status: 'loading' | 'ready' | 'error';
  /** §3 "Card form field state" per field. */
  fields: CardFormState;
  /** §4: true only when number, expirationDate and cvv are all valid. */
  isValid: boolean;
  /** The brand of the number typed so far (from `cardTypeChange`) with credit-card-type metadata. */
  cardBrand: CardBrandInfo | undefined;
  /** §2: true when the field is not potentially valid, or invalid, touched and blurred. */
  showError(field: CardFormField): boolean;
  /**
   * Tokenizes the card (§3 "Tokenized card result"). On `HOSTED_FIELDS_FIELDS_INVALID`/`_EMPTY` the fields are marked
   * touched and blurred so their errors show.
   * @throws PaymentsError METHOD_CALLED_AFTER_TEARDOWN when there is no live instance; the driver's PaymentsError /
   *   BraintreeError (e.g. HOSTED_FIELDS_FIELDS_EMPTY, HOSTED_FIELDS_FIELDS_INVALID, §8) — map with `toPaymentError`.
   */
  tokenize(options?: HostedFieldsTokenizeOptions): Promise<TokenizedCard>;
  /**
   * Clears every field and RESETs the state.
   * @throws PaymentsError METHOD_CALLED_AFTER_TEARDOWN when there is no live instance.
   */
  reset(): Promise<void>;
  /**
   * Focuses a field.
   * @throws PaymentsError METHOD_CALLED_AFTER_TEARDOWN when there is no live instance.
   */
  focus(field: HostedFieldKey): Promise<void>;
  /** Set-up or client error. */
  error: PaymentError | null;
  /** The live instance (null until ready). */
  instance: HostedFieldsInstance | null;
}

const EVENTS: HostedFieldsEvent[] = [
  'focus',
  'blur',
  'validityChange',
  'cardTypeChange',
  'empty',
  'notEmpty',
  'inputSubmitRequest',
];

/**
 * Card form over hosted fields (braintree-web `hostedFields` or the sandbox frames), per docs/CONTRACTS.md.
 *
 * Lifecycle (react-stripe-js style): the instance is created in a layout effect and kept in a ref; cleanup aborts a
 * set-up still in flight (the frames are removed at once) or tears the instance down; a new set-up waits for the
 * previous teardown, so React StrictMode's double mount never hits `HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME`.
 * The containers must be mounted when the hook's component lays out (pass elements from refs or selectors).
 * Set-up and client errors are not thrown: they show as `status: 'error'` and `error` (§8, e.g. HOSTED_FIELDS_TIMEOUT
 * after `setupTimeoutMs`, default 60 s).
 * @throws Error "usePayments must be used within <PaymentsProvider>" outside a provider.
 */
export function useHostedFields(options: UseHostedFieldsOptions): UseHostedFieldsResult {
  const { client, error: clientError } = usePayments();
  const [fields, dispatch] = useReducer(fieldReducer, undefined, initialCardFormState);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<PaymentError | null>(null);
  const [brandType, setBrandType] = useState<string | undefined>(undefined);
  const [instance, setInstance] = useState<HostedFieldsInstance | null>(null);
  const instanceRef = useRef<HostedFieldsInstance | null>(null);
  const previousTeardown = useRef<Promise<unknown>>(Promise.resolve());
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const fieldKeys = Object.keys(options.fields).sort().join(',');

  useLayoutEffect(() => {
    if (!client) return;
    const controller = new AbortController();
    let created: HostedFieldsInstance | null = null;
    dispatch({ type: 'RESET' });
    setStatus('loading');
    setError(null);
    setBrandType(undefined);

    const setup = previousTeardown.current.then(() => {
      if (controller.signal.aborted) return null;
      return client.createHostedFields(createOptions(optionsRef.current, controller.signal));
    });

    setup.then(
      (hostedFields) => {
        if (!hostedFields) return;
        if (controller.signal.aborted) {
          void hostedFields.teardown().catch(() => undefined);
          return;
        }
        created = hostedFields;
        instanceRef.current = hostedFields;
        subscribe(hostedFields, dispatch, setBrandType, (event, state) => optionsRef.current.onEvent?.(event, state));
        dispatch({ type: 'CHANGE', state: hostedFields.getState() });
        setInstance(hostedFields);
        setStatus('ready');
      },
      (setupError: unknown) => {
        if (controller.signal.aborted) return;
        setError(toPaymentError(setupError));
        setStatus('error');
      },
    );

    return () => {
      controller.abort();
      instanceRef.current = null;
      setInstance(null);
      previousTeardown.current = setup
        .then((hostedFields) => (hostedFields && hostedFields === created ? hostedFields.teardown() : undefined))
        .catch(() => undefined);
    };
  }, [client, fieldKeys]);

  const { tokenize, reset, focus } = useInstanceMethods(instanceRef, dispatch);
  const showError = useCallback((field: CardFormField) => shouldShowError(fields[field]), [fields]);

  return {
    status: clientError ? 'error' : status,
    fields,
    isValid: isCardFormValid(fields),
    cardBrand: cardBrand(brandType),
    showError,
    tokenize,
    reset,
    focus,
    error: clientError ?? error,
    instance,
  };
}

/** The `createHostedFields` options of the hook's options, with the set-up's abort signal. */
function createOptions(
  { fields, styles, supportedCardBrands, setupTimeoutMs }: UseHostedFieldsOptions,
  signal: AbortSignal,
): HostedFieldsCreateOptions & { signal: AbortSignal } {
  return {
    fields,
    ...(styles ? { styles } : {}),
    ...(supportedCardBrands ? { supportedCardBrands } : {}),
    ...(setupTimeoutMs ? { setupTimeoutMs } : {}),
    signal,
  };
}

/**
 * Follows the instance's events into the §3 field state: focus and blur of the field that emitted them, the brand of
 * a single matching card type, and every event's state (`CHANGE`); `onEvent` sees each event after the state.
 */
function subscribe(
  hostedFields: HostedFieldsInstance,
  dispatch: Dispatch<FieldAction>,
  setBrandType: (type: string | undefined) => void,
  onEvent: (event: HostedFieldsEvent, state: HostedFieldsState) => void,
): void {
  for (const event of EVENTS) {
    hostedFields.on(event, (state) => {
      const emittedBy = state.emittedBy;
      if (event === 'focus' && emittedBy) dispatch({ type: 'FOCUS', field: emittedBy });
      else if (event === 'blur' && emittedBy) dispatch({ type: 'BLUR', field: emittedBy });
      else if (event === 'cardTypeChange') setBrandType(state.cards.length === 1 ? state.cards[0]!.type : undefined);
      dispatch({ type: 'CHANGE', state });
      onEvent(event, state);
    });
  }
}

/**
 * `tokenize`, `reset` and `focus` of {@link UseHostedFieldsResult} over the live instance (stable callbacks; each
 * throws METHOD_CALLED_AFTER_TEARDOWN while there is none).
 */
function useInstanceMethods(
  instanceRef: RefObject<HostedFieldsInstance | null>,
  dispatch: Dispatch<FieldAction>,
): Pick<UseHostedFieldsResult, 'tokenize' | 'reset' | 'focus'> {
  const tokenize = useCallback(
    async (tokenizeOptions?: HostedFieldsTokenizeOptions) => {
      const current = instanceRef.current;
      if (!current) throw teardownError('tokenize');
      try {
        return await current.tokenize(tokenizeOptions);
      } catch (tokenizeError) {
        if (tokenizeError instanceof Object && 'code' in tokenizeError) {
          const code = (tokenizeError as PaymentsError).code;
          if (code === 'HOSTED_FIELDS_FIELDS_INVALID' || code === 'HOSTED_FIELDS_FIELDS_EMPTY') {
            const details = (tokenizeError as PaymentsError).details as { invalidFieldKeys?: string[] } | undefined;
            dispatch({ type: 'TOUCH_ALL', ...(details?.invalidFieldKeys ? { fields: details.invalidFieldKeys } : {}) });
          }
        }
        throw tokenizeError;
      }
    },
    [instanceRef, dispatch],
  );

  const reset = useCallback(async () => {
    const current = instanceRef.current;
    if (!current) throw teardownError('clear');
    const keys = Object.keys(current.getState().fields) as HostedFieldKey[];
    await Promise.all(keys.map((key) => current.clear(key)));
    dispatch({ type: 'RESET' });
  }, [instanceRef, dispatch]);

  const focus = useCallback(
    async (field: HostedFieldKey) => {
      const current = instanceRef.current;
      if (!current) throw teardownError('focus');
      await current.focus(field);
    },
    [instanceRef],
  );

  return { tokenize, reset, focus };
}
