import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';

/** ASVS 5.0 L2 (6.2.1): at least 12 characters. */
export const PASSWORD_MIN_LENGTH = 12;

let factory: ZxcvbnFactory | undefined;

/**
 * Why a new password is refused, or `undefined` when it is acceptable: shorter than 12 characters, in the common
 * password list of `@zxcvbn-ts/language-common`, or guessable (zxcvbn score below 3). `hints` (username, name, e-mail)
 * count as known words.
 */
export function passwordProblem(password: string, hints: readonly string[] = []): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters`;
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  const result = factory.check(
    password,
    hints.filter((h): h is string => Boolean(h)),
  );
  const inCommonList = result.sequence.some(
    (m) => m.pattern === 'dictionary' && m.dictionaryName === 'passwords' && m.token.length === password.length,
  );
  if (inCommonList || result.score < 3) return 'This password is too common or easy to guess';
  return undefined;
}
