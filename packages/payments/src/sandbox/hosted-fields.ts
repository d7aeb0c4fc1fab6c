/**
 * Hosted Fields over apps/payments-sandbox: one cross-origin iframe per field, driven by postMessage
 * (docs/PAYMENTS.md). The frames gather the card values among themselves; this page only sees states and the nonce.
 */
import { Emitter } from '../core/emitter.js';
import { PaymentsError, teardownError } from '../core/errors.js';
import {
  FRAME_NAME_PREFIX,
  SETUP_TIMEOUT_MS,
  checkAttribute,
  resolveFields,
  type ResolvedField,
} from '../core/hosted-fields-options.js';
import type {
  HostedFieldKey,
  HostedFieldsCreateOptions,
  HostedFieldsFieldData,
  HostedFieldsInstance,
  HostedFieldsState,
  HostedFieldsTokenizeOptions,
  TokenizedCard,
} from '../core/types.js';
import {
  FRAME_PATH,
  PROTOCOL_SOURCE,
  isProtocolMessage,
  type FrameFieldState,
  type FrameToParentMessage,
  type HostedFieldsCard,
  type HostedFieldsEvent,
  type ParentCommand,
  type PlainBraintreeError,
} from '../protocol.js';
import { FRAME_TITLES, randomChannel } from './frame-titles.js';

const TOKENIZE_TIMEOUT_MS = 60_000;

export interface SandboxHostedFieldsContext {
  sandboxUrl: string;
  authorization: string;
  locale?: string;
}

const toError = (plain: PlainBraintreeError) => new PaymentsError(plain.code, plain.type, plain.message, plain.details);

/**
 * Creates sandbox hosted fields. Resolves when every frame is configured; rejects with `HOSTED_FIELDS_TIMEOUT`
 * after `setupTimeoutMs` (60 s), or with an `AbortError` when `options.signal` aborts (the frames are removed at once).
 * @throws PaymentsError for invalid options (see `resolveFields`).
 */
export function createSandboxHostedFields(
  context: SandboxHostedFieldsContext,
  options: HostedFieldsCreateOptions,
): Promise<HostedFieldsInstance> {
  const fields = resolveFields(options);
  if (!fields.some((field) => field.key === 'number')) {
    throw new PaymentsError(
      'HOSTED_FIELDS_FIELD_NOT_PRESENT',
      'MERCHANT',
      'The number field is required to tokenize a card.',
    );
  }
  const instance = new SandboxHostedFields(context, options, fields);
  return instance.ready.then(() => instance as HostedFieldsInstance);
}

class SandboxHostedFields implements HostedFieldsInstance {
  readonly ready: Promise<void>;
  private readonly emitter = new Emitter<HostedFieldsEvent, HostedFieldsState>();
  private readonly origin: string;
  private readonly channel = randomChannel();
  private readonly frames = new Map<HostedFieldKey, HTMLIFrameElement>();
  private readonly fieldData = new Map<HostedFieldKey, HostedFieldsFieldData>();
  private readonly pending = new Map<
    string,
    { resolve: (card: TokenizedCard) => void; reject: (error: unknown) => void; timer: ReturnType<typeof setTimeout> }
  >();
  private cards: HostedFieldsCard[] = [];
  private tornDown = false;
  private readonly onMessage: (event: MessageEvent) => void;
  private failSetup: (error: unknown) => void = () => {};

  constructor(
    private readonly context: SandboxHostedFieldsContext,
    private readonly options: HostedFieldsCreateOptions,
    fields: ResolvedField[],
  ) {
    this.origin = new URL(context.sandboxUrl).origin;
    const locale = (context.locale ?? 'en').toLowerCase().startsWith('es') ? 'es' : 'en';
    const configured = new Set<HostedFieldKey>();
    let resolveReady!: () => void;
    this.ready = new Promise<void>((resolve, reject) => {
      resolveReady = resolve;
      this.failSetup = reject;
    });
    const timeout = setTimeout(() => {
      this.failSetup(
        new PaymentsError('HOSTED_FIELDS_TIMEOUT', 'UNKNOWN', 'Hosted Fields timed out when attempting to set up.'),
      );
      if (!this.tornDown) void this.teardown();
    }, options.setupTimeoutMs ?? SETUP_TIMEOUT_MS);
    void this.ready.then(
      () => clearTimeout(timeout),
      () => clearTimeout(timeout),
    );

    this.onMessage = (event: MessageEvent) => {
      if (event.origin !== this.origin) return;
      if (!isProtocolMessage(event.data, this.channel)) return;
      const data = event.data as unknown as FrameToParentMessage;
      const frame = this.frames.get(data.field);
      if (!frame || event.source !== frame.contentWindow) return;
      this.handle(data, configured, resolveReady);
    };
    window.addEventListener('message', this.onMessage);

    for (const { key, container, options: fieldOptions } of fields) {
      const frame = document.createElement('iframe');
      const params = new URLSearchParams({ field: key, channel: this.channel, origin: window.location.origin, locale });
      frame.src = `${this.origin}${FRAME_PATH}?${params.toString()}`;
      frame.name = `${FRAME_NAME_PREFIX}${key}`;
      frame.id = `${FRAME_NAME_PREFIX}${key}`;
      frame.title = FRAME_TITLES[locale][key];
      frame.setAttribute('frameborder', '0');
      frame.setAttribute('allowtransparency', 'true');
      frame.setAttribute('scrolling', 'no');
      frame.setAttribute('type', key);
      frame.style.cssText = 'border:none;width:100%;height:100%;float:left;';
      container.appendChild(frame);
      this.frames.set(key, frame);
      this.fieldData.set(key, {
        container,
        isFocused: false,
        isEmpty: !fieldOptions.prefill,
        isPotentiallyValid: true,
        isValid: false,
      });
    }

    if (options.signal) {
      const onAbort = () => {
        this.failSetup(new DOMException('Hosted Fields set-up was aborted.', 'AbortError'));
        if (!this.tornDown) void this.teardown();
      };
      if (options.signal.aborted) onAbort();
      else options.signal.addEventListener('abort', onAbort, { once: true });
    }
  }

  private post(key: HostedFieldKey, message: ParentCommand): void {
    this.frames
      .get(key)
      ?.contentWindow?.postMessage({ source: PROTOCOL_SOURCE, channel: this.channel, ...message }, this.origin);
  }

  private handle(data: FrameToParentMessage, configured: Set<HostedFieldKey>, resolveReady: () => void): void {
    switch (data.type) {
      case 'ready': {
        const fieldOptions = this.options.fields[data.field];
        this.post(data.field, {
          type: 'configure',
          configuration: {
            fields: [...this.frames.keys()],
            authorization: this.context.authorization,
            placeholder: fieldOptions?.placeholder,
            prefill: fieldOptions?.prefill,
            maxlength: fieldOptions?.maxlength,
            minlength: fieldOptions?.minlength,
            formatInput: fieldOptions?.formatInput,
            styles: this.options.styles,
            supportedCardBrands: this.options.supportedCardBrands,
          },
        });
        break;
      }
      case 'configured':
        this.updateField(data.field, data.state);
        configured.add(data.field);
        if (configured.size === this.frames.size) resolveReady();
        break;
      case 'state': {
        this.updateField(data.field, data.state);
        if (data.field === 'number' && data.cards) this.cards = data.cards;
        for (const event of data.events ?? []) this.emitter.emit(event, { ...this.getState(), emittedBy: data.field });
        break;
      }
      case 'tokenizeResult': {
        const request = this.pending.get(data.requestId);
        if (!request) return;
        this.pending.delete(data.requestId);
        clearTimeout(request.timer);
        if (data.error) request.reject(toError(data.error));
        else if (data.payload) request.resolve(data.payload as TokenizedCard);
        else
          request.reject(
            new PaymentsError(
              'HOSTED_FIELDS_FAILED_TOKENIZATION',
              'CUSTOMER',
              'The supplied card data failed tokenization.',
            ),
          );
        break;
      }
    }
  }

  private updateField(key: HostedFieldKey, state: FrameFieldState): void {
    const current = this.fieldData.get(key);
    if (!current) return;
    const next = { ...current, ...state, container: current.container };
    this.fieldData.set(key, next);
    const classes = current.container.classList;
    classes.toggle('braintree-hosted-fields-focused', next.isFocused);
    classes.toggle('braintree-hosted-fields-invalid', !next.isPotentiallyValid);
    classes.toggle('braintree-hosted-fields-valid', next.isValid);
  }

  private guard(method: string): void {
    if (this.tornDown) throw teardownError(method);
  }

  on(event: HostedFieldsEvent, handler: (state: HostedFieldsState) => void): void {
    this.guard('on');
    this.emitter.on(event, handler);
  }

  off(event: HostedFieldsEvent, handler: (state: HostedFieldsState) => void): void {
    this.guard('off');
    this.emitter.off(event, handler);
  }

  getState(): HostedFieldsState {
    this.guard('getState');
    const fields: HostedFieldsState['fields'] = {};
    for (const [key, data] of this.fieldData) fields[key] = { ...data };
    return { cards: this.cards.map((card) => ({ ...card })), fields };
  }

  async tokenize(options: HostedFieldsTokenizeOptions = {}): Promise<TokenizedCard> {
    this.guard('tokenize');
    const requestId = randomChannel();
    return new Promise<TokenizedCard>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(
          new PaymentsError(
            'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
            'NETWORK',
            'A tokenization network error occurred.',
            { httpStatus: -1 },
          ),
        );
      }, TOKENIZE_TIMEOUT_MS);
      this.pending.set(requestId, { resolve, reject, timer });
      this.post('number', { type: 'tokenize', requestId, options });
    });
  }

  /** Posts a command to one field's frame; rejects (never throws) like braintree-web's promise API. */
  private fieldCommand(method: string, field: HostedFieldKey, message: ParentCommand): Promise<void> {
    return new Promise<void>((resolve) => {
      this.guard(method);
      if (!this.frames.has(field)) {
        throw new PaymentsError(
          'HOSTED_FIELDS_FIELD_NOT_PRESENT',
          'MERCHANT',
          `Cannot ${method} "${field}" field because it is not part of the current Hosted Fields options.`,
        );
      }
      this.post(field, message);
      resolve();
    });
  }

  clear(field: HostedFieldKey): Promise<void> {
    return this.fieldCommand('clear', field, { type: 'clear' });
  }

  focus(field: HostedFieldKey): Promise<void> {
    return this.fieldCommand('focus', field, { type: 'focus' });
  }

  setPlaceholder(field: HostedFieldKey, placeholder: string): Promise<void> {
    return this.fieldCommand('setPlaceholder', field, { type: 'setPlaceholder', value: placeholder });
  }

  async setAttribute(options: { field: HostedFieldKey; attribute: string; value: string | boolean }): Promise<void> {
    this.guard('setAttribute');
    checkAttribute(options.attribute, options.value);
    return this.fieldCommand('setAttribute', options.field, {
      type: 'setAttribute',
      attribute: options.attribute,
      value: options.value,
    });
  }

  async removeAttribute(options: { field: HostedFieldKey; attribute: string }): Promise<void> {
    this.guard('removeAttribute');
    checkAttribute(options.attribute);
    return this.fieldCommand('removeAttribute', options.field, {
      type: 'removeAttribute',
      attribute: options.attribute,
    });
  }

  /** Removes the frames and listeners at once; later calls of any method fail (§4). Idempotent. */
  teardown(): Promise<void> {
    if (this.tornDown) return Promise.reject(teardownError('teardown'));
    this.tornDown = true;
    window.removeEventListener('message', this.onMessage);
    for (const [key, frame] of this.frames) {
      this.post(key, { type: 'teardown' });
      frame.remove();
      const container = this.fieldData.get(key)?.container;
      container?.classList.remove(
        'braintree-hosted-fields-focused',
        'braintree-hosted-fields-invalid',
        'braintree-hosted-fields-valid',
      );
    }
    this.frames.clear();
    for (const [, request] of this.pending) {
      clearTimeout(request.timer);
      request.reject(
        new PaymentsError('FRAME_SERVICE_FRAME_CLOSED', 'INTERNAL', 'Frame closed before tokenization could occur.'),
      );
    }
    this.pending.clear();
    this.emitter.clear();
    this.failSetup(teardownError('setup'));
    return Promise.resolve();
  }
}
