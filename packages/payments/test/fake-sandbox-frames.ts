/**
 * Plays the sandbox's hosted-field frames inside jsdom (which loads no iframe content): it watches for the driver's
 * iframes, answers the driver's postMessages as apps/payments-sandbox's frame script does, and lets a test type into a
 * field (`type`) or focus/blur it. Validity uses card-validator-like rules kept tiny on purpose.
 */
import { vi } from 'vitest';
import { PROTOCOL_SOURCE } from '../src/protocol.js';
import { TEST_CARDS } from '@ofw/test-kit/fixtures';

const SOURCE = PROTOCOL_SOURCE;
export const SANDBOX_URL = 'http://sandbox.test:3010';

interface Frame {
  field: string;
  channel: string;
  iframe: HTMLIFrameElement;
  value: string;
  focused: boolean;
}

/** A message the driver posts to a frame (the frame protocol of apps/payments-sandbox). */
export interface DriverMessage {
  type: string;
  requestId?: string;
  configuration?: { authorization?: string } & Record<string, unknown>;
  [key: string]: unknown;
}

export interface FakeFrames {
  frames: Map<string, Frame>;
  /** Messages the driver posted, per field. */
  received: Array<{ field: string; data: DriverMessage }>;
  type(field: string, value: string): void;
  focus(field: string): void;
  blur(field: string): void;
  /** Result the next tokenize answers with (payload or error). */
  nextTokenize: { payload?: unknown; error?: unknown } | undefined;
  /** Don't answer `ready` (to keep set-up in flight). */
  silent: boolean;
  stop(): void;
}

const valid = (field: string, value: string) => {
  const digits = value.replace(/\D/g, '');
  if (field === 'number')
    return {
      isValid: digits === TEST_CARDS.visa.number,
      isPotentiallyValid: /^4?\d*$/.test(digits) && digits.length <= 16,
    };
  if (field === 'expirationDate')
    return { isValid: /^\d{2} \/ \d{2}$/.test(value), isPotentiallyValid: !/[a-z]/i.test(value) };
  return { isValid: /^\d{3}$/.test(value), isPotentiallyValid: /^\d{0,3}$/.test(value) };
};

export function installFakeFrames(): FakeFrames {
  const frames = new Map<string, Frame>();
  const received: FakeFrames['received'] = [];
  const emit = (frame: Frame, message: Record<string, unknown>) => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { source: SOURCE, channel: frame.channel, field: frame.field, ...message },
        origin: new URL(SANDBOX_URL).origin,
        source: frame.iframe.contentWindow,
      }),
    );
  };
  const stateOf = (frame: Frame) => ({
    isEmpty: frame.value === '',
    isFocused: frame.focused,
    ...valid(frame.field, frame.value),
  });

  const api: FakeFrames = {
    frames,
    received,
    nextTokenize: undefined,
    silent: false,
    type(field, value) {
      const frame = frames.get(field)!;
      const before = stateOf(frame);
      frame.value = value;
      const after = stateOf(frame);
      const events: string[] = [];
      if (before.isEmpty !== after.isEmpty) events.push(after.isEmpty ? 'empty' : 'notEmpty');
      if (before.isValid !== after.isValid || before.isPotentiallyValid !== after.isPotentiallyValid)
        events.push('validityChange');
      const cards =
        field === 'number' && value.startsWith('4')
          ? [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }]
          : [];
      if (field === 'number') events.push('cardTypeChange');
      emit(frame, { type: 'state', state: after, events, cards: field === 'number' ? cards : undefined });
    },
    focus(field) {
      const frame = frames.get(field)!;
      frame.focused = true;
      emit(frame, { type: 'state', state: stateOf(frame), events: ['focus'] });
    },
    blur(field) {
      const frame = frames.get(field)!;
      frame.focused = false;
      emit(frame, { type: 'state', state: stateOf(frame), events: ['blur'] });
    },
    stop() {
      observer.disconnect();
    },
  };

  const attach = (iframe: HTMLIFrameElement) => {
    if (!iframe.name.startsWith('braintree-hosted-field-') || !iframe.contentWindow) return;
    const url = new URL(iframe.src);
    const frame: Frame = {
      field: url.searchParams.get('field')!,
      channel: url.searchParams.get('channel')!,
      iframe,
      value: '',
      focused: false,
    };
    frames.set(frame.field, frame);
    vi.spyOn(iframe.contentWindow, 'postMessage').mockImplementation((data: DriverMessage) => {
      received.push({ field: frame.field, data });
      queueMicrotask(() => {
        if (data.type === 'configure') emit(frame, { type: 'configured', state: stateOf(frame) });
        if (data.type === 'tokenize')
          emit(frame, { type: 'tokenizeResult', requestId: data.requestId, ...api.nextTokenize });
      });
    });
    queueMicrotask(() => {
      if (!api.silent) emit(frame, { type: 'ready' });
    });
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLIFrameElement) attach(node);
      }
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return api;
}
