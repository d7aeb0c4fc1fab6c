/**
 * Braintree's XML answers, in the shape the npm `braintree` SDK parses them (braintree_node lib/braintree/http.js:
 * xml2js with `attrkey: '@'`, `charkey: '#'`, `explicitArray: false`, then util.js `convertNodeToObject`):
 * element names are dashed and become camelCase keys; `type="array"` children become an array, `type="collection"`
 * an object, `type="integer"` a number, `type="boolean"` a boolean, `nil="true"` null; anything else is a string.
 */
import { create } from 'xmlbuilder2';

type XMLBuilder = ReturnType<typeof create>;

/** A value to serialize: strings as text, integers `type="integer"`, booleans, null (`nil`), nested objects. */
export type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlArray | XmlCollection | XmlTyped;
export interface XmlObject {
  [key: string]: XmlValue;
}

/** `<name type="array"><item/>…</name>`: the SDK turns it into an array whatever the item elements are called. */
export class XmlArray {
  constructor(
    readonly itemName: string,
    readonly items: readonly XmlValue[],
  ) {}
}

/**
 * A text value with Braintree's `type` attribute: `datetime` (`<timestamp type="datetime">2026-…Z</timestamp>`) or
 * `date` (`<received-date type="date">2026-11-26</received-date>`). The SDK keeps both as strings (util.js
 * `convertNodeToObject` reads only array/collection/integer/boolean/nil); the attribute is written as Braintree writes it.
 */
export class XmlTyped {
  constructor(
    readonly type: 'datetime' | 'date',
    readonly value: string,
  ) {}
}

/**
 * `<name type="collection">` with paging fields and repeated item elements (the advanced-search page,
 * braintree_node transaction_gateway.js `pagingFunctionGenerator`: `creditCardTransactions.transaction`).
 */
export class XmlCollection {
  constructor(
    readonly itemName: string,
    readonly items: readonly XmlObject[],
    readonly fields: XmlObject,
  ) {}
}

/**
 * camelCase → dashed (`currencyIsoCode` → `currency-iso-code`, `threeDSecureInfo` → `three-d-secure-info`, `last4` →
 * `last-4`), the inverse of the SDK's util.js `toCamelCase`.
 */
export function dasherize(key: string): string {
  return key
    .replace(/(?<=.)([A-Z])/g, '-$1')
    .replace(/([a-zA-Z])(\d)/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

function append(parent: XMLBuilder, name: string, value: XmlValue): void {
  if (value === undefined) return;
  if (value === null) {
    parent.ele(name, { nil: 'true' });
  } else if (typeof value === 'string') {
    parent.ele(name).txt(value);
  } else if (typeof value === 'number') {
    parent.ele(name, { type: 'integer' }).txt(String(Math.trunc(value)));
  } else if (typeof value === 'boolean') {
    parent.ele(name, { type: 'boolean' }).txt(String(value));
  } else if (value instanceof XmlTyped) {
    parent.ele(name, { type: value.type }).txt(value.value);
  } else if (value instanceof XmlArray) {
    const node = parent.ele(name, { type: 'array' });
    for (const item of value.items) append(node, value.itemName, item);
  } else if (value instanceof XmlCollection) {
    const node = parent.ele(name, { type: 'collection' });
    appendFields(node, value.fields);
    for (const item of value.items) append(node, value.itemName, item);
  } else {
    appendFields(parent.ele(name), value);
  }
}

function appendFields(node: XMLBuilder, object: XmlObject): void {
  for (const [key, value] of Object.entries(object)) append(node, dasherize(key), value);
}

/** Serializes `{ root: value }` to an XML document string. */
export function toXml(rootName: string, value: XmlObject | XmlCollection): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  append(doc, dasherize(rootName), value);
  return doc.end({ prettyPrint: false });
}

/** Converts snake_case keys of a parsed JSON request (the SDK's `convertObjectKeysToUnderscores`) to camelCase. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase()),
      camelizeKeys(inner),
    ]),
  );
}
