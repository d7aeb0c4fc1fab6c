/**
 * `@ofw/payments/protocol`: the message protocol between a page that hosts the sandbox's card fields
 * (`@ofw/payments`' sandbox driver) and the field frames served by apps/payments-sandbox (docs/ARCHITECTURE.md "May import", §5).
 * Plain data and types only: no React, no braintree-web, no DOM access at import time, so the sandbox's frame
 * script can bundle it.
 *
 * Every message carries `{ source: PROTOCOL_SOURCE, channel }` (the channel is a random id per set of fields):
 * - frame → parent (`postMessage` to the checked parent origin): {@link FrameToParentMessage}
 *   (`ready`, `configured`, `state` with the braintree-web event names to emit, `tokenizeResult`);
 * - parent → frame (`postMessage` to the sandbox origin): {@link ParentToFrameMessage} (`configure`, `tokenize` —
 *   number frame only —, `clear`, `focus`, `setPlaceholder`, `setAttribute`, `removeAttribute`, `teardown`);
 * - frame ↔ frame (BroadcastChannel {@link peerChannelName}, same origin only): {@link PeerMessage} (`collect` /
 *   `value`: card values gathered by the number frame, never through the parent page; `cardType`: the CVV size).
 */

/** §2 "Allowed hosted field types" (braintree-web's hosted field keys). */
export const HOSTED_FIELD_KEYS = [
  'number',
  'expirationDate',
  'expirationMonth',
  'expirationYear',
  'cvv',
  'postalCode',
  'cardholderName',
] as const;
/** A hosted field type (§2 "Allowed hosted field types"). */
export type HostedFieldKey = (typeof HOSTED_FIELD_KEYS)[number];

/** True when `value` is one of {@link HOSTED_FIELD_KEYS}. */
export function isHostedFieldKey(value: unknown): value is HostedFieldKey {
  return typeof value === 'string' && (HOSTED_FIELD_KEYS as readonly string[]).includes(value);
}

/** Envelope `source` of every postMessage/BroadcastChannel message of the hosted fields protocol. */
export const PROTOCOL_SOURCE = 'ofw-sandbox-hosted-fields';

/**
 * Path of a field frame on the sandbox origin. Query: `field` (a {@link HostedFieldKey}), `channel`
 * (8–64 of `[A-Za-z0-9_-]`), `origin` (the parent page's origin, the only one the frame talks to), `locale` (`en`|`es`).
 */
export const FRAME_PATH = '/hosted-fields/frame.html';

/** Name of the BroadcastChannel the frames of one channel share. */
export function peerChannelName(channel: string): string {
  return `ofw-hf:${channel}`;
}

/** braintree-web hosted fields event names. */
export type HostedFieldsEvent =
  'blur' | 'focus' | 'empty' | 'notEmpty' | 'cardTypeChange' | 'validityChange' | 'inputSubmitRequest';

/** One field's state as a frame reports it (braintree-web `HostedFieldsFieldData` without the container). */
export interface FrameFieldState {
  isFocused: boolean;
  isEmpty: boolean;
  isPotentiallyValid: boolean;
  isValid: boolean;
}

/** braintree-web `HostedFieldsHostedFieldsCard`: a card type the number could be (from credit-card-type). */
export interface HostedFieldsCard {
  type: string;
  niceType: string;
  code: { name: string; size: number };
  gaps?: number[];
  lengths?: number[];
  supported?: boolean;
}

/** What the parent sends a frame in `configure` (from `hostedFields.create` options). */
export interface FrameConfiguration {
  /** Every field of the set; the number frame collects their values when tokenizing. */
  fields: HostedFieldKey[];
  /** Client token or tokenization key, sent with `POST /v1/tokenize`. */
  authorization: string;
  placeholder?: string;
  prefill?: string;
  maxlength?: number;
  minlength?: number;
  formatInput?: boolean;
  /** braintree-web `styles`: selector → CSS property → value. */
  styles?: Record<string, Record<string, string>>;
  /** credit-card-type brand → accepted; a `false` brand makes the number invalid. */
  supportedCardBrands?: Partial<Record<string, boolean>>;
}

/** A BraintreeError as plain data (an `Error` would lose its fields in postMessage). */
export interface PlainBraintreeError {
  name?: 'BraintreeError';
  code: string;
  /** braintree-web error type: CUSTOMER, MERCHANT, NETWORK, INTERNAL or UNKNOWN. */
  type: 'CUSTOMER' | 'MERCHANT' | 'NETWORK' | 'INTERNAL' | 'UNKNOWN';
  message: string;
  details?: unknown;
}

/** Fields every frame → parent message carries. */
export interface FrameEnvelope {
  source: typeof PROTOCOL_SOURCE;
  channel: string;
  field: HostedFieldKey;
}

/** A frame → parent message body (without the envelope). */
export type FrameToParentBody =
  | { type: 'ready' }
  | { type: 'configured'; state: FrameFieldState }
  | { type: 'state'; state: FrameFieldState; cards?: HostedFieldsCard[]; events: HostedFieldsEvent[] }
  | {
      type: 'tokenizeResult';
      requestId: string;
      /** The sandbox's `creditCards[0]` of `POST /v1/tokenize` (a §3 tokenized card), absent on error. */
      payload?: unknown;
      error?: PlainBraintreeError;
    };
/** A frame → parent message. */
export type FrameToParentMessage = FrameEnvelope & FrameToParentBody;

/** Options of a `tokenize` command (braintree-web `HostedFieldsTokenizeOptions`, as plain data). */
export interface FrameTokenizeOptions {
  vault?: boolean;
  cardholderName?: string;
  billingAddress?: Record<string, string | undefined>;
}

/** A parent → frame command (without the envelope). */
export type ParentCommand =
  | { type: 'configure'; configuration: FrameConfiguration }
  | { type: 'tokenize'; requestId: string; options?: FrameTokenizeOptions }
  | { type: 'clear' }
  | { type: 'focus' }
  | { type: 'setPlaceholder'; value: string }
  | { type: 'setAttribute'; attribute: string; value: string | boolean }
  | { type: 'removeAttribute'; attribute: string }
  | { type: 'teardown' };
/** A parent → frame message. */
export type ParentToFrameMessage = { source: typeof PROTOCOL_SOURCE; channel: string } & ParentCommand;

/** A frame ↔ frame message over the BroadcastChannel. */
export type PeerMessage = { source: typeof PROTOCOL_SOURCE } & (
  | { type: 'collect'; requestId: string }
  | { type: 'value'; requestId: string; field: HostedFieldKey; value: string; state: FrameFieldState }
  | { type: 'cardType'; size: number | number[] }
);

/**
 * True when `data` is an object of this protocol (its `source` is {@link PROTOCOL_SOURCE}) and, when `channel` is
 * given, of that channel. Only the envelope is checked: each side still validates the fields it reads.
 */
export function isProtocolMessage(data: unknown, channel?: string): data is Record<string, unknown> {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  return record.source === PROTOCOL_SOURCE && (channel === undefined || record.channel === channel);
}
