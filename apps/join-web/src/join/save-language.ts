import { languageMutation } from '@ofw/api-client/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Locale } from '../i18n/locales.js';
import { useServices } from '../services.js';
import { useSignedInUserId } from './server-state.js';

/**
 * The full app's language save (the header's switch, join-port.tsx `useSaveLanguage`): once the parent has signed
 * up, the language picked in the page is stored on join-api (`PUT /parents/{userId}/language`, §3 `languageLocale`),
 * so that the receipt and the co-parent invitation it sends later speak it; the answer replaces the cached join state.
 * Before the sign-up there is nobody to store it on: the sign-up sends the page's language itself. Sent again up to
 * twice when it fails (the page has switched already; only the e-mails' language waits on it).
 * @returns a function of the locale picked; it does nothing before the sign-up.
 */
export function useSaveLanguage(): (locale: Locale) => void {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const userId = useSignedInUserId();
  const { mutate } = useMutation({ ...languageMutation(api, queryClient), retry: 2 });
  return useCallback(
    (locale: Locale) => {
      if (userId !== undefined) mutate({ userId, body: { languageLocale: locale } });
    },
    [mutate, userId],
  );
}
