// `@ofw/api-client/query`: TanStack Query options over the typed client (optional peer `@tanstack/react-query`).
import { mutationOptions, queryOptions, skipToken, type QueryClient, type SkipToken } from '@tanstack/react-query';
import type { ApiClient, OperationAnswer, OperationArgs } from './client.js';
import type { contract, OperationId } from './contract.js';
import type { Currency, Flow, ParentState } from './schemas.js';

/** The {@link OperationArgs} of the operation `K`. */
export type ArgsOf<K extends OperationId> = OperationArgs<(typeof contract)[K]>;
/** The {@link OperationAnswer} of the operation `K`. */
export type AnswerOf<K extends OperationId> = OperationAnswer<(typeof contract)[K]>;

/**
 * The cache key of one call of the operation `id` when no named key applies: `[operationId, args]` (the call's
 * params, query, body and headers; its `signal` left out), so two calls share a cache entry exactly when they send
 * the same request.
 */
export function operationKey<K extends OperationId>(id: K, args?: ArgsOf<K>) {
  const { signal: _signal, ...sent } = (args ?? {}) as ArgsOf<K>;
  return [id, sent] as const;
}

/** How long an answer stays fresh and whether a failure is retried; `queryKey` replaces {@link operationKey}. */
export interface OperationQueryOptions {
  queryKey?: readonly unknown[];
  staleTime?: number;
  retry?: boolean;
}

/**
 * TanStack Query options of one read of the {@link contract}: `client[id](args)` (with the query's abort `signal`),
 * key {@link operationKey} unless `o.queryKey` names another; `args: skipToken` keeps the query disabled. The data is
 * the operation's answer type ({@link AnswerOf}); the query rejects with `ApiError` as the client method does.
 */
export function queryOptionsFor<K extends OperationId>(
  client: ApiClient,
  id: K,
  args: ArgsOf<K> | SkipToken,
  o: OperationQueryOptions = {},
) {
  const method = client[id] as unknown as (a: ArgsOf<K>) => Promise<AnswerOf<K>>;
  return queryOptions({
    queryKey: o.queryKey ?? operationKey(id, args === skipToken ? undefined : args),
    queryFn: args === skipToken ? skipToken : ({ signal }) => method({ ...args, signal }),
    ...(o.staleTime !== undefined ? { staleTime: o.staleTime } : {}),
    ...(o.retry !== undefined ? { retry: o.retry } : {}),
  });
}

/** Who asks for package data: a parent's user id, or `'anonymous'` before the signup. */
export type PackageDataCaller = number | 'anonymous';

/**
 * Every cache key of join-api data: §9's ("Cache keys: countries, joinCountries, packageData") and the ones of the
 * authenticated reads (the parent, payment config, coupons, experiments, security questions, invite family). One
 * home: an app builds no key of its own, so invalidation and `setQueryData` always hit the query that reads the data.
 */
export const queryKeys = {
  countries: (locale: string) => ['countries', locale] as const,
  joinCountries: () => ['joinCountries'] as const,
  /** Prefix of every package data answer (invalidate it after a paid order: upgrade options and prices change). */
  allPackageData: () => ['packageData'] as const,
  packageData: (currency: Currency, flow: Flow) => ['packageData', currency, flow] as const,
  /** Package data priced for one caller (join-api answers an authed parent with upgrade options and proration). */
  packageDataFor: (currency: Currency, flow: Flow, caller: PackageDataCaller) =>
    ['packageData', currency, flow, caller] as const,
  /** GET /parents/{userId}: the parent and its join-state fields (every parent mutation writes it). */
  /** `undefined` only in the key of a query disabled with `skipToken` (no parent yet). */
  parent: (userId: number | undefined) => ['parent', userId] as const,
  paymentsConfig: (userId: number | undefined, currency: Currency) => ['paymentsConfig', userId, currency] as const,
  coupons: (signupId: string | undefined) => ['coupons', 'signup', signupId] as const,
  inviteCoupons: (inviteToken: string | undefined) => ['coupons', 'invite', inviteToken] as const,
  experiments: (userId: number | undefined) => ['experiments', 'parent', userId] as const,
  inviteExperiments: (inviteToken: string | undefined) => ['experiments', 'invite', inviteToken] as const,
  securityQuestions: (locale: string) => ['securityQuestions', locale] as const,
  /** Keyed by the national number's digits (no `+1`). */
  canadianPhone: (digits: string) => ['canadianPhone', digits] as const,
  inviteFamily: (inviteToken: string) => ['inviteFamily', inviteToken] as const,
};

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Country options in `locale` (key `['countries', locale]`, §9); reference data, fresh for an hour.
 * The query rejects with `ApiError` as `client.getCountries` does.
 */
export function countriesQuery(client: ApiClient, locale: string) {
  return queryOptionsFor(
    client,
    'getCountries',
    { headers: { 'Accept-Language': locale } },
    { queryKey: queryKeys.countries(locale), staleTime: HOUR },
  );
}

/**
 * Join countries (key `['joinCountries']`, §9), fresh for an hour. The query rejects with `ApiError` as
 * `client.getJoinCountries` does (join-web shows §8 'An unexpected error occurred, please try again later.').
 */
export function joinCountriesQuery(client: ApiClient) {
  return queryOptionsFor(client, 'getJoinCountries', {}, { queryKey: queryKeys.joinCountries(), staleTime: HOUR });
}

/**
 * Package data for a currency and flow (key `['packageData', currency, flow]`, §9), fresh for 5 minutes; prices in
 * major units (see `PackagesResponse`). With `caller` the key is `['packageData', currency, flow, caller]`: join-api
 * prices `GET /packages` for whoever asks (an authed parent gets upgrade options and prorated prices), so an app that
 * signs parents in passes the user id (or `'anonymous'`) and never shows one caller's answer to another.
 * The query rejects with `ApiError` as `client.getPackages` does.
 */
export function packageDataQuery(client: ApiClient, q: { currency: Currency; flow: Flow; caller?: PackageDataCaller }) {
  const { currency, flow } = q;
  const queryKey =
    q.caller === undefined ? queryKeys.packageData(currency, flow) : queryKeys.packageDataFor(currency, flow, q.caller);
  return queryOptionsFor(client, 'getPackages', { query: { currency, flow } }, { queryKey, staleTime: 5 * MINUTE });
}

/**
 * The parent and its join-state fields, GET /parents/{userId} (key `['parent', userId]`, §3, §7). Every parent
 * mutation below writes its answer here. Rejects with `ApiError` (401 without a session). Pass TanStack Query's `skipToken` instead of the argument while it is unknown: the query stays disabled, with no
 * placeholder id in its key.
 */
export function parentQuery(client: ApiClient, userId: number | SkipToken) {
  const id = userId === skipToken ? undefined : userId;
  const args = id === undefined ? skipToken : { params: { userId: id } };
  return queryOptionsFor(client, 'getParent', args, { queryKey: queryKeys.parent(id), staleTime: 5 * MINUTE });
}

/**
 * Provider authorization for the merchant account of `currency` (key `['paymentsConfig', userId, currency]`); a client
 * token is issued per parent and kept for the page's life (`staleTime: Infinity`). `userId: skipToken` before the
 * signup keeps it disabled.
 */
export function paymentsConfigQuery(client: ApiClient, q: { userId: number | SkipToken; currency: Currency }) {
  const id = q.userId === skipToken ? undefined : q.userId;
  return queryOptionsFor(
    client,
    'getPaymentsConfig',
    id === undefined ? skipToken : { query: { currency: q.currency } },
    {
      queryKey: queryKeys.paymentsConfig(id, q.currency),
      staleTime: Infinity,
    },
  );
}

/**
 * Coupon availability of a signup (key `['coupons', 'signup', signupId]`, §3, §7), fresh for 5 minutes. Pass TanStack Query's `skipToken` instead of the argument while it is unknown: the query stays disabled, with no
 * placeholder id in its key.
 */
export function couponsQuery(client: ApiClient, q: { signupId: string; registrationKey: string } | SkipToken) {
  return queryOptionsFor(client, 'getCoupons', q === skipToken ? skipToken : { query: q }, {
    queryKey: queryKeys.coupons(q === skipToken ? undefined : q.signupId),
    staleTime: 5 * MINUTE,
  });
}

/** Coupon availability by invite token (key `['coupons', 'invite', token]`, §7), fresh for 5 minutes. Pass TanStack Query's `skipToken` instead of the argument while it is unknown: the query stays disabled, with no
 * placeholder id in its key. */
export function inviteCouponsQuery(client: ApiClient, inviteToken: string | SkipToken) {
  return queryOptionsFor(client, 'getInviteCoupons', inviteToken === skipToken ? skipToken : { inviteToken }, {
    queryKey: queryKeys.inviteCoupons(inviteToken === skipToken ? undefined : inviteToken),
    staleTime: 5 * MINUTE,
  });
}

/**
 * Experiments of the signed-in parent (key `['experiments', 'parent', userId]`, §7, §9), fresh for 5 minutes. Pass TanStack Query's `skipToken` instead of the argument while it is unknown: the query stays disabled, with no
 * placeholder id in its key.
 */
export function experimentsQuery(client: ApiClient, userId: number | SkipToken) {
  return queryOptionsFor(client, 'getExperiments', userId === skipToken ? skipToken : {}, {
    queryKey: queryKeys.experiments(userId === skipToken ? undefined : userId),
    staleTime: 5 * MINUTE,
  });
}

/** Experiments by invite token (key `['experiments', 'invite', token]`, §7), fresh for 5 minutes. Pass TanStack Query's `skipToken` instead of the argument while it is unknown: the query stays disabled, with no
 * placeholder id in its key. */
export function inviteExperimentsQuery(client: ApiClient, inviteToken: string | SkipToken) {
  return queryOptionsFor(client, 'getInviteExperiments', inviteToken === skipToken ? skipToken : { inviteToken }, {
    queryKey: queryKeys.inviteExperiments(inviteToken === skipToken ? undefined : inviteToken),
    staleTime: 5 * MINUTE,
  });
}

/** The security question list in `locale` (key `['securityQuestions', locale]`); reference data, fresh for an hour. */
export function securityQuestionsQuery(client: ApiClient, locale: string) {
  return queryOptionsFor(
    client,
    'getSecurityQuestions',
    { headers: { 'Accept-Language': locale } },
    { queryKey: queryKeys.securityQuestions(locale), staleTime: HOUR },
  );
}

/**
 * Is a +1 national number Canadian (§5)? Key `['canadianPhone', digits]`; `phone` may carry spaces or punctuation,
 * only its digits are sent. An answer never changes (`staleTime: Infinity`) and a failure is not retried.
 */
export function canadianPhoneQuery(client: ApiClient, phone: string) {
  const digits = phone.replace(/\D/g, '');
  return queryOptionsFor(
    client,
    'checkCanadianPhone',
    { query: { phoneNumber: digits } },
    { queryKey: queryKeys.canadianPhone(digits), staleTime: Infinity, retry: false },
  );
}

/** Family members by invite token (key `['inviteFamily', token]`, §4 "Invited flow"); not retried, kept for the page. */
export function inviteFamilyQuery(client: ApiClient, inviteToken: string) {
  return queryOptionsFor(
    client,
    'getInviteFamily',
    { inviteToken },
    { queryKey: queryKeys.inviteFamily(inviteToken), staleTime: Infinity, retry: false },
  );
}

/** Writes a parent answer (the credentials answer without its `authToken`) into `['parent', userId]`. */
function storeParent(queryClient: QueryClient, userId: number, ps: ParentState & { authToken?: string | undefined }) {
  const { authToken: _token, ...parent } = ps;
  queryClient.setQueryData(queryKeys.parent(userId), parent);
}

/**
 * POST /signups (`client.createSignup`): variables `{ body, idempotencyKey }` — keep the key for every retry of one
 * attempt. Nothing is cached: read the parent with {@link parentQuery} once it resolves.
 */
export function signupMutation(client: ApiClient) {
  return mutationOptions({
    mutationKey: ['signup'],
    mutationFn: (v: { body: ArgsOf<'createSignup'>['body']; idempotencyKey: string }) =>
      client.createSignup({ body: v.body, headers: { 'Idempotency-Key': v.idempotencyKey } }),
  });
}

/** PUT /parents/{userId}/terms; the answer replaces `['parent', userId]`. Variables: the user id. */
export function termsMutation(client: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['terms'],
    mutationFn: (userId: number) => client.putTerms({ params: { userId }, body: { agreedToTerms: true } }),
    onSuccess: (ps, userId) => storeParent(queryClient, userId, ps),
  });
}

/**
 * The cache after a paid order: `['parent', userId]` says paid (billing address recorded, subscription current) until
 * it is read again, and every package data answer is invalidated (join-api now offers upgrades, §3, §4).
 */
export function markParentPaid(queryClient: QueryClient, userId: number): void {
  queryClient.setQueryData<ParentState>(queryKeys.parent(userId), (ps) =>
    ps ? { ...ps, billingAddressComplete: true, isSubscriptionCurrent: true, subscriptionStatus: 'current' } : ps,
  );
  void queryClient.invalidateQueries({ queryKey: queryKeys.allPackageData() });
}

/**
 * POST /coupons/check (`client.checkCoupon`): variables `{ couponCode }`; answers the code's §3 availability entry.
 * Caches nothing: the page keeps the applied code with its join. Rejects with `ApiError` 422 `coupon_unknown`,
 * `coupon_expired` or `coupon_not_applicable`, 429 `rate_limited` past the limit of wrong codes.
 */
export function couponCheckMutation(client: ApiClient) {
  return mutationOptions({
    mutationKey: ['couponCheck'],
    mutationFn: (v: { couponCode: string }) => client.checkCoupon({ body: v }),
  });
}

/**
 * POST /orders (`client.createOrder`): variables `{ userId, body, idempotencyKey }` — the same key for every retry of
 * one payment attempt. On success {@link markParentPaid}. Rejects with `ApiError` 402 on a decline.
 */
export function orderMutation(client: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['order'],
    mutationFn: (v: { userId: number; body: ArgsOf<'createOrder'>['body']; idempotencyKey: string }) =>
      client.createOrder({ body: v.body, headers: { 'Idempotency-Key': v.idempotencyKey } }),
    onSuccess: (_order, v) => markParentPaid(queryClient, v.userId),
  });
}

/**
 * PUT /parents/{userId}/credentials; the answer (without its `authToken`) replaces `['parent', userId]`. Rejects with
 * `ApiError` 409 `username_taken`, 403 once set (see `client.putCredentials`).
 */
export function credentialsMutation(client: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['credentials'],
    mutationFn: (v: { userId: number; body: ArgsOf<'putCredentials'>['body'] }) =>
      client.putCredentials({ params: { userId: v.userId }, body: v.body }),
    onSuccess: (ps, v) => storeParent(queryClient, v.userId, ps),
  });
}

/** PUT /parents/{userId}/security-questions (three answers, §2); the answer replaces `['parent', userId]`. */
export function securityAnswersMutation(client: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['securityAnswers'],
    mutationFn: (v: { userId: number; body: ArgsOf<'putSecurityQuestions'>['body'] }) =>
      client.putSecurityQuestions({ params: { userId: v.userId }, body: v.body }),
    onSuccess: (ps, v) => storeParent(queryClient, v.userId, ps),
  });
}

/** PUT /parents/{userId}/billing-address; the answer replaces `['parent', userId]`. ApiError 400 for a bad address. */
export function billingAddressMutation(client: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['billingAddress'],
    mutationFn: (v: { userId: number; body: ArgsOf<'putBillingAddress'>['body'] }) =>
      client.putBillingAddress({ params: { userId: v.userId }, body: v.body }),
    onSuccess: (ps, v) => storeParent(queryClient, v.userId, ps),
  });
}

/** PUT /parents/{userId}/language (§3 `languageLocale`); the answer replaces `['parent', userId]`. */
export function languageMutation(client: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['language'],
    mutationFn: (v: { userId: number; body: ArgsOf<'putLanguage'>['body'] }) =>
      client.putLanguage({ params: { userId: v.userId }, body: v.body }),
    onSuccess: (ps, v) => storeParent(queryClient, v.userId, ps),
  });
}

/** PUT /parents/{userId}/coparent-email (§2, an email or `null`); the answer replaces `['parent', userId]`. */
export function coParentEmailMutation(client: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['coParentEmail'],
    mutationFn: (v: { userId: number; body: ArgsOf<'putCoParentEmail'>['body'] }) =>
      client.putCoParentEmail({ params: { userId: v.userId }, body: v.body }),
    onSuccess: (ps, v) => storeParent(queryClient, v.userId, ps),
  });
}
