import type { IntlShape, MessageDescriptor } from 'react-intl';

/** What {@link zodIssuesToMessages} reads of a zod issue (zod 4 classic or mini). */
interface Issue {
  path: readonly PropertyKey[];
}

/**
 * Maps the issues of a failed zod parse (api-client's request schemas, the same rules join-api applies) to localized
 * messages per field: an issue's path joined with '.' (`parent.email`, `username`) is looked up in `messages`; the first
 * issue of a field wins and a path without a message is ignored (e.g. a rule the form states another way).
 * @returns `{ [path]: message }`, empty when there is no issue with a message.
 */
export function zodIssuesToMessages<K extends string>(
  intl: IntlShape,
  issues: readonly Issue[] | undefined,
  messages: Partial<Record<K, MessageDescriptor>>,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of issues ?? []) {
    const key = issue.path.map(String).join('.') as K;
    const message: MessageDescriptor | undefined = messages[key];
    if (message && out[key] === undefined) out[key] = intl.formatMessage(message);
  }
  return out;
}
