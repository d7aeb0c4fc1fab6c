/**
 * The script of one hosted field frame (runs in the browser, on the sandbox origin). It speaks the protocol of
 * `@ofw/payments/protocol` (messages to and from the parent page, and to the other frames over a BroadcastChannel).
 */
import valid from 'card-validator';
import creditCardType from 'credit-card-type';
import {
  PROTOCOL_SOURCE,
  isHostedFieldKey as isFieldKey,
  isProtocolMessage,
  peerChannelName,
  type FrameConfiguration as Configuration,
  type FrameFieldState as FieldState,
  type FrameToParentBody,
  type HostedFieldKey as FieldKey,
  type HostedFieldsCard,
  type HostedFieldsEvent,
  type ParentCommand,
  type PeerMessage,
} from '@ofw/payments/protocol';
import { FIELDS } from '../fields.js';
import {
  checkCollected,
  creditCardOf,
  isFieldState,
  isRecord,
  plainErrorOf,
  requestTokenization,
  text,
} from './tokenize.js';

type CardInfo = Required<HostedFieldsCard>;

const body = document.body;
const field = body.dataset.field as FieldKey;
const channel = body.dataset.channel ?? '';
const parentOrigin = body.dataset.origin ?? '';
const input = document.getElementById('field') as HTMLInputElement;
const peers = new BroadcastChannel(peerChannelName(channel));

let config: Configuration | undefined;
let state: FieldState = { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
let cards: CardInfo[] = [];
/** Security code size(s) announced by the number frame (cvv frame only). */
let cvvSize: number | number[] = [3, 4];

function postToParent(message: FrameToParentBody): void {
  window.parent.postMessage({ source: PROTOCOL_SOURCE, channel, field, ...message }, parentOrigin);
}

function postToPeers(message: PeerMessage): void {
  peers.postMessage(message);
}

function toCardInfo(card: ReturnType<typeof creditCardType>[number]): CardInfo {
  const supported = config?.supportedCardBrands?.[card.type] ?? true;
  return {
    niceType: card.niceType,
    type: card.type,
    code: card.code,
    gaps: card.gaps,
    lengths: card.lengths,
    supported,
  };
}

function digits(value: string): string {
  return value.replace(/\D/g, '');
}

function maxLength(): number {
  if (config?.maxlength) return config.maxlength;
  if (field === 'cvv') return Array.isArray(cvvSize) ? Math.max(...cvvSize) : cvvSize;
  if (field === 'expirationDate') return 6; // MMYYYY digits; shown as "MM / YY" or "MM / YYYY"
  return FIELDS[field].maxLength;
}

/** Formats the raw value as the user types (card gaps, "MM / YY"); returns the new value. */
function format(raw: string): string {
  if (config?.formatInput === false) return raw;
  if (field === 'number') {
    const onlyDigits = digits(raw).slice(0, maxLength());
    const [card] = creditCardType(onlyDigits);
    const gaps = card?.gaps ?? [4, 8, 12, 16];
    let out = '';
    for (let i = 0; i < onlyDigits.length; i++) {
      if (gaps.includes(i)) out += ' ';
      out += onlyDigits[i];
    }
    return out;
  }
  if (field === 'expirationDate') {
    let d = digits(raw).slice(0, maxLength());
    if (d.length === 1 && d > '1') d = `0${d}`;
    return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
  }
  if (field === 'cvv' || field === 'expirationMonth' || field === 'expirationYear')
    return digits(raw).slice(0, maxLength());
  return raw.slice(0, maxLength());
}

function verify(value: string): { isValid: boolean; isPotentiallyValid: boolean } {
  switch (field) {
    case 'number': {
      const result = valid.number(value);
      const brandAllowed = !result.card || (config?.supportedCardBrands?.[result.card.type] ?? true);
      return { isValid: result.isValid && brandAllowed, isPotentiallyValid: result.isPotentiallyValid && brandAllowed };
    }
    case 'expirationDate':
      return valid.expirationDate(value);
    case 'expirationMonth':
      return valid.expirationMonth(value);
    case 'expirationYear':
      return valid.expirationYear(value);
    case 'cvv':
      return valid.cvv(value, cvvSize);
    case 'postalCode': {
      const result = valid.postalCode(value, config?.minlength ? { minLength: config.minlength } : undefined);
      return result;
    }
    case 'cardholderName':
      return valid.cardholderName(value);
  }
}

/** Recomputes the state and posts the braintree-web events that changed (§4 "Hosted card fields"). */
function update(events: HostedFieldsEvent[] = []): void {
  const value = input.value;
  const previous = state;
  const verdict = verify(value);
  state = {
    isEmpty: value.length === 0,
    isValid: verdict.isValid,
    isPotentiallyValid: verdict.isPotentiallyValid,
    isFocused: document.activeElement === input,
  };
  if (previous.isEmpty !== state.isEmpty) events.push(state.isEmpty ? 'empty' : 'notEmpty');
  if (previous.isValid !== state.isValid || previous.isPotentiallyValid !== state.isPotentiallyValid)
    events.push('validityChange');
  if (field === 'number') {
    const next = creditCardType(digits(value)).map(toCardInfo);
    const key = (list: CardInfo[]) => list.map((card) => card.type).join(',');
    const nextKey = value.length === 0 ? '' : key(next);
    if (nextKey !== key(cards)) {
      cards = value.length === 0 ? [] : next;
      events.push('cardTypeChange');
      const only = cards.length === 1 ? cards[0] : undefined;
      postToPeers({ source: PROTOCOL_SOURCE, type: 'cardType', size: only ? only.code.size : [3, 4] });
    }
  }
  input.setAttribute('aria-invalid', String(!state.isPotentiallyValid));
  if (events.length > 0) postToParent({ type: 'state', state, cards: field === 'number' ? cards : undefined, events });
}

input.addEventListener('input', () => {
  const before = input.value;
  const caret = input.selectionStart ?? before.length;
  const digitsBeforeCaret = before.slice(0, caret).replace(/[\s/]/g, '').length;
  const formatted = format(before);
  if (formatted !== before) {
    input.value = formatted;
    // keep the caret after the same number of significant characters
    let seen = 0;
    let position = formatted.length;
    for (let i = 0; i < formatted.length; i++) {
      if (seen === digitsBeforeCaret) {
        position = i;
        break;
      }
      if (!/[\s/]/.test(formatted[i]!)) seen++;
    }
    if (document.activeElement === input) input.setSelectionRange(position, position);
  }
  update();
});
input.addEventListener('focus', () => update(['focus']));
input.addEventListener('blur', () => update(['blur']));
input.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    postToParent({ type: 'state', state, events: ['inputSubmitRequest'] });
  }
});

function applyStyles(styles: Record<string, Record<string, string>> | undefined): void {
  if (!styles) return;
  const allowed =
    /^(color|font(-[a-z]+)?|letter-spacing|line-height|opacity|text-(align|shadow)|transition|-moz-osx-font-smoothing|-webkit-font-smoothing|padding(-[a-z]+)?)$/;
  const css: string[] = [];
  for (const [selector, rules] of Object.entries(styles)) {
    if (
      !/^(input|\.invalid|\.valid|:focus|input:focus|\.invalid:focus|::placeholder|input::placeholder)$/.test(selector)
    )
      continue;
    const declarations = Object.entries(rules)
      .filter(([property, value]) => allowed.test(property) && !/[;{}<>]|url\(/i.test(String(value)))
      .map(([property, value]) => `${property}:${value}`)
      .join(';');
    const target = selector.startsWith('.')
      ? `input${selector}`
      : selector.startsWith(':')
        ? `input${selector}`
        : selector;
    css.push(`${target}{${declarations}}`);
  }
  const style = document.createElement('style');
  style.textContent = css.join('\n');
  document.head.appendChild(style);
}

function configure(next: Configuration): void {
  config = next;
  if (next.placeholder !== undefined) input.placeholder = next.placeholder;
  if (next.prefill) input.value = format(next.prefill);
  if (next.minlength) input.minLength = next.minlength;
  input.setAttribute('aria-required', 'true');
  applyStyles(next.styles);
  state = { ...state, isEmpty: !input.value };
  update();
  postToParent({ type: 'configured', state });
}

// ---- tokenization (the number frame collects the other frames' values over the BroadcastChannel) ----
const pendingCollections = new Map<
  string,
  { values: Partial<Record<FieldKey, { value: string; state: FieldState }>>; done: () => void }
>();

function collect(
  requestId: string,
  expected: FieldKey[],
): Promise<Partial<Record<FieldKey, { value: string; state: FieldState }>>> {
  return new Promise((resolve, reject) => {
    const values: Partial<Record<FieldKey, { value: string; state: FieldState }>> = {
      [field]: { value: input.value, state },
    };
    const timer = setTimeout(() => {
      pendingCollections.delete(requestId);
      reject(new Error('A hosted field frame did not answer.'));
    }, 5000);
    const done = () => {
      if (expected.every((key) => values[key])) {
        clearTimeout(timer);
        pendingCollections.delete(requestId);
        resolve(values);
      }
    };
    pendingCollections.set(requestId, { values, done });
    postToPeers({ source: PROTOCOL_SOURCE, type: 'collect', requestId });
    done();
  });
}

const EDITABLE_ATTRIBUTES = ['aria-invalid', 'aria-required', 'disabled', 'placeholder'];

/**
 * Tokenizes the card (number frame only): collects the other frames' values, refuses empty or invalid fields as
 * braintree-web does, sends the card to the sandbox's `/v1/tokenize` and answers the parent with the nonce or the
 * plain braintree-web error (tokenize.ts).
 */
async function tokenize(requestId: string, options: Record<string, unknown> = {}): Promise<void> {
  const expected = config?.fields ?? [field];
  try {
    const values = await collect(requestId, expected);
    checkCollected(expected, values);
    const payload = await requestTokenization({
      authorization: config?.authorization,
      creditCard: creditCardOf(expected, values, options),
      billingAddress: options.billingAddress,
    });
    postToParent({ type: 'tokenizeResult', requestId, payload });
  } catch (error) {
    postToParent({ type: 'tokenizeResult', requestId, error: plainErrorOf(error) });
  }
}

peers.addEventListener('message', (event: MessageEvent) => {
  const data: unknown = event.data;
  if (!isProtocolMessage(data)) return;
  if (data.type === 'collect' && field !== 'number') {
    postToPeers({
      source: PROTOCOL_SOURCE,
      type: 'value',
      requestId: String(data.requestId),
      field,
      value: input.value,
      state,
    });
  } else if (data.type === 'value' && field === 'number') {
    const pending = pendingCollections.get(String(data.requestId));
    if (pending && isFieldKey(data.field) && isFieldState(data.state)) {
      pending.values[data.field] = { value: text(data.value), state: data.state };
      pending.done();
    }
  } else if (data.type === 'cardType' && field === 'cvv') {
    const size = data.size;
    if (typeof size === 'number' || (Array.isArray(size) && size.every((n) => typeof n === 'number'))) {
      cvvSize = size;
    }
    if (input.value.length > maxLength()) input.value = input.value.slice(0, maxLength());
    if (!state.isEmpty) update();
  }
});

window.addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  const data: unknown = event.data;
  if (!isProtocolMessage(data, channel)) return;
  switch (data.type as ParentCommand['type']) {
    case 'configure':
      configure(data.configuration as Configuration);
      break;
    case 'tokenize':
      if (field === 'number') void tokenize(String(data.requestId), isRecord(data.options) ? data.options : {});
      break;
    case 'clear':
      input.value = '';
      update();
      break;
    case 'focus':
      input.focus();
      break;
    case 'setPlaceholder':
      input.placeholder = text(data.value);
      break;
    case 'setAttribute':
      if (typeof data.attribute === 'string' && EDITABLE_ATTRIBUTES.includes(data.attribute))
        input.setAttribute(data.attribute, String(data.value));
      break;
    case 'removeAttribute':
      if (typeof data.attribute === 'string' && EDITABLE_ATTRIBUTES.includes(data.attribute))
        input.removeAttribute(data.attribute);
      break;
    case 'teardown':
      peers.close();
      break;
  }
});

postToParent({ type: 'ready' });
