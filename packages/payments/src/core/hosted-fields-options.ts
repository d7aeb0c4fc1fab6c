import { PaymentsError } from './errors.js';
import { HOSTED_FIELD_KEYS, type HostedFieldKey, type HostedFieldsCreateOptions } from './types.js';

/** braintree-web's hosted field frame names: `braintree-hosted-field-<key>` (docs/PAYMENTS.md). */
export const FRAME_NAME_PREFIX = 'braintree-hosted-field-';

/** §4, §9: set-up times out after 60 s. */
export const SETUP_TIMEOUT_MS = 60_000;

export interface ResolvedField {
  key: HostedFieldKey;
  container: HTMLElement;
  options: NonNullable<HostedFieldsCreateOptions['fields'][HostedFieldKey]>;
}

/**
 * Validates `options.fields` as braintree-web does (§5 "Hosted fields"): required, keys from the allowed list,
 * containers resolve to an element without a payment frame, numeric length limits.
 * @throws PaymentsError INSTANTIATION_OPTION_REQUIRED, HOSTED_FIELDS_INVALID_FIELD_KEY,
 *   HOSTED_FIELDS_INVALID_FIELD_SELECTOR, HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME, HOSTED_FIELDS_FIELD_PROPERTY_INVALID.
 */
export function resolveFields(options: HostedFieldsCreateOptions, doc: Document = document): ResolvedField[] {
  if (!options || !options.fields || Object.keys(options.fields).length === 0) {
    throw new PaymentsError(
      'INSTANTIATION_OPTION_REQUIRED',
      'MERCHANT',
      'options.fields is required when instantiating Hosted Fields.',
    );
  }
  const resolved: ResolvedField[] = [];
  for (const [key, fieldOptions] of Object.entries(options.fields)) {
    if (!(HOSTED_FIELD_KEYS as readonly string[]).includes(key)) {
      throw new PaymentsError('HOSTED_FIELDS_INVALID_FIELD_KEY', 'MERCHANT', `"${key}" is not a valid field.`);
    }
    if (!fieldOptions) continue;
    const container =
      typeof fieldOptions.container === 'string' ? doc.querySelector(fieldOptions.container) : fieldOptions.container;
    if (!container || typeof container !== 'object' || (container as Node).nodeType !== 1) {
      throw new PaymentsError(
        'HOSTED_FIELDS_INVALID_FIELD_SELECTOR',
        'MERCHANT',
        'Selector does not reference a valid DOM node.',
        {
          fieldSelector: fieldOptions.container,
          fieldKey: key,
        },
      );
    }
    if ((container as HTMLElement).querySelector(`iframe[name^="${FRAME_NAME_PREFIX}"]`)) {
      throw new PaymentsError(
        'HOSTED_FIELDS_FIELD_DUPLICATE_IFRAME',
        'MERCHANT',
        'Element already contains a Braintree iframe.',
        {
          fieldSelector: fieldOptions.container,
          fieldKey: key,
        },
      );
    }
    for (const property of ['maxlength', 'minlength'] as const) {
      const value = fieldOptions[property];
      if (value !== undefined && typeof value !== 'number') {
        throw new PaymentsError(
          'HOSTED_FIELDS_FIELD_PROPERTY_INVALID',
          'MERCHANT',
          `The value for ${property} must be a number.`,
          {
            fieldKey: key,
          },
        );
      }
    }
    resolved.push({ key: key as HostedFieldKey, container: container as HTMLElement, options: fieldOptions });
  }
  return resolved;
}

/** Attributes hosted fields may set (§5 "Hosted fields"). */
export const ALLOWED_ATTRIBUTES: Record<string, 'boolean' | 'string'> = {
  'aria-invalid': 'boolean',
  'aria-required': 'boolean',
  disabled: 'boolean',
  placeholder: 'string',
};

/** @throws PaymentsError HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED / HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED */
export function checkAttribute(attribute: string, value?: unknown): void {
  const kind = ALLOWED_ATTRIBUTES[attribute];
  if (!kind) {
    throw new PaymentsError(
      'HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED',
      'MERCHANT',
      `The "${attribute}" attribute is not supported in Hosted Fields.`,
    );
  }
  if (value === undefined) return;
  const ok =
    kind === 'boolean'
      ? typeof value === 'boolean' || value === 'true' || value === 'false'
      : typeof value === 'string';
  if (!ok) {
    throw new PaymentsError(
      'HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED',
      'MERCHANT',
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- braintree-web's message shows the raw value as is
      `Value "${String(value)}" is not allowed for "${attribute}" attribute.`,
    );
  }
}
