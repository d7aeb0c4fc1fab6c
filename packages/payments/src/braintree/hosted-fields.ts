import { PaymentsError } from '../core/errors.js';
import { FRAME_NAME_PREFIX, SETUP_TIMEOUT_MS, resolveFields } from '../core/hosted-fields-options.js';
import type { HostedFieldsCreateOptions, HostedFieldsInstance } from '../core/types.js';
import { loadModule } from './modules.js';
import { withTimeout, type BraintreeSession } from './session.js';

/**
 * braintree-web Hosted Fields on the session's client (§5 "Hosted fields"). Checks the options as braintree-web does
 * before any frame is injected; on `options.signal` abort or after `setupTimeoutMs` (60 s) removes the frames at once
 * and tears the instance down when it arrives.
 * @throws PaymentsError for invalid options (`resolveFields`), HOSTED_FIELDS_TIMEOUT; DOMException `AbortError`;
 *   braintree-web's own errors from `hostedFields.create`.
 */
export async function createBraintreeHostedFields(
  session: BraintreeSession,
  options: HostedFieldsCreateOptions,
): Promise<HostedFieldsInstance> {
  session.guard('createHostedFields');
  // same option checks as braintree-web, before any frame is injected
  const resolved = resolveFields(options);
  const hostedFields = await loadModule('hostedFields');
  const fields: Record<string, unknown> = {};
  for (const { key, container, options: fieldOptions } of resolved) {
    const { container: _container, ...rest } = fieldOptions;
    fields[key] = { ...rest, container };
  }
  const creating = hostedFields.create({
    client: session.client,
    fields,
    ...(options.styles ? { styles: options.styles } : {}),
    ...(options.supportedCardBrands ? { supportedCardBrands: options.supportedCardBrands } : {}),
  });
  // braintree-web cannot cancel a set-up: on abort or timeout remove its frames at once (so a new set-up in the
  // same containers never hits HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME) and tear the instance down once it exists
  const abandon = () => {
    for (const { container } of resolved) {
      for (const frame of container.querySelectorAll(`iframe[name^="${FRAME_NAME_PREFIX}"]`)) frame.remove();
    }
    void creating.then((instance) => instance.teardown()).catch(() => undefined);
  };
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      abandon();
      reject(new DOMException('Hosted Fields set-up was aborted.', 'AbortError'));
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => undefined);
  const instance = await withTimeout(
    Promise.race([creating, aborted]),
    options.setupTimeoutMs ?? SETUP_TIMEOUT_MS,
    () => {
      abandon();
      return new PaymentsError(
        'HOSTED_FIELDS_TIMEOUT',
        'UNKNOWN',
        'Hosted Fields timed out when attempting to set up.',
      );
    },
  ).finally(() => options.signal?.removeEventListener('abort', onAbort));
  return session.track(instance);
}
