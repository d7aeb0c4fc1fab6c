import { CARD_FORM_FIELDS, type CardFormField, type HostedFieldKey, type HostedFieldsState } from './types.js';

/** §3 "Card form field state" plus the frame's emptiness and focus. */
export interface FieldState {
  isValid: boolean;
  isPotentiallyValid: boolean;
  /** Becomes true on the first focus (§4). */
  touched: boolean;
  /** Becomes true on the first blur (§4). */
  hasBlurred: boolean;
  isEmpty: boolean;
  isFocused: boolean;
}

/** §3 "Card form field state" of each card form field (number, expirationDate, cvv). */
export type CardFormState = Record<CardFormField, FieldState>;

/**
 * An action of {@link fieldReducer} (§4 "Hosted card fields"): FOCUS/BLUR of a field, CHANGE with a hosted fields
 * state, TOUCH_ALL (all fields, or only `fields`), RESET.
 */
export type FieldAction =
  | { type: 'FOCUS'; field: HostedFieldKey }
  | { type: 'BLUR'; field: HostedFieldKey }
  | { type: 'CHANGE'; state: HostedFieldsState }
  | { type: 'TOUCH_ALL'; fields?: readonly string[] }
  | { type: 'RESET' };

/** A field before any event (§4 "A field starts untouched"): empty, not valid, potentially valid. */
export const initialFieldState: FieldState = {
  isValid: false,
  isPotentiallyValid: true,
  touched: false,
  hasBlurred: false,
  isEmpty: true,
  isFocused: false,
};

/** A fresh card form state: number, expirationDate and cvv each a copy of {@link initialFieldState} (§4). */
export function initialCardFormState(): CardFormState {
  return { number: { ...initialFieldState }, expirationDate: { ...initialFieldState }, cvv: { ...initialFieldState } };
}

const isCardField = (field: string): field is CardFormField => (CARD_FORM_FIELDS as readonly string[]).includes(field);

/**
 * §4 "Hosted card fields": touched on focus, hasBlurred on blur, validity on each change, RESET clears all.
 * `TOUCH_ALL` marks fields touched and blurred (after a failed submit, so their errors show).
 */
export function fieldReducer(state: CardFormState, action: FieldAction): CardFormState {
  switch (action.type) {
    case 'RESET':
      return initialCardFormState();
    case 'FOCUS':
      if (!isCardField(action.field)) return state;
      return { ...state, [action.field]: { ...state[action.field], touched: true, isFocused: true } };
    case 'BLUR':
      if (!isCardField(action.field)) return state;
      return { ...state, [action.field]: { ...state[action.field], hasBlurred: true, isFocused: false } };
    case 'TOUCH_ALL': {
      const next = { ...state };
      for (const field of CARD_FORM_FIELDS) {
        if (!action.fields || action.fields.includes(field))
          next[field] = { ...next[field], touched: true, hasBlurred: true };
      }
      return next;
    }
    case 'CHANGE': {
      let changed = false;
      const next = { ...state };
      for (const field of CARD_FORM_FIELDS) {
        const data = action.state.fields[field];
        if (!data) continue;
        const current = state[field];
        if (
          current.isValid !== data.isValid ||
          current.isPotentiallyValid !== data.isPotentiallyValid ||
          current.isEmpty !== data.isEmpty
        ) {
          next[field] = {
            ...current,
            isValid: data.isValid,
            isPotentiallyValid: data.isPotentiallyValid,
            isEmpty: data.isEmpty,
          };
          changed = true;
        }
      }
      return changed ? next : state;
    }
  }
}

/** §2: a field shows its error when it is not potentially valid, or invalid, touched and blurred. */
export function shouldShowError(field: FieldState): boolean {
  return !field.isPotentiallyValid || (!field.isValid && field.touched && field.hasBlurred);
}

/** §4: the form is valid only when number, expirationDate and cvv are all valid. */
export function isCardFormValid(state: CardFormState): boolean {
  return CARD_FORM_FIELDS.every((field) => state[field].isValid);
}
