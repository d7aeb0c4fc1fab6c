import type * as Domain from '@ofw/domain';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createApiClient,
  type ApiClient,
  type BillingAddress,
  type OrderRequest,
  type PaymentsConfig,
} from '../src/index.js';
import * as Errors from '../src/errors.js';
import * as Main from '../src/index.js';

describe('@ofw/api-client public API (type tests)', () => {
  it('PaymentsConfig and BillingAddress are @ofw/domain’s (one home), re-exported', () => {
    expectTypeOf<PaymentsConfig>().toEqualTypeOf<Domain.PaymentsConfig>();
    expectTypeOf<BillingAddress>().toEqualTypeOf<Domain.BillingAddress>();
    expectTypeOf<OrderRequest['billingAddress']>().toExtend<Domain.BillingAddress | undefined>();
  });

  it('docs/CONTRACTS.md "HTTP API": the typed client answers parsed shapes', () => {
    expectTypeOf(createApiClient).returns.toEqualTypeOf<ApiClient>();
    expectTypeOf<ApiClient['getPaymentsConfig']>().returns.resolves.toEqualTypeOf<PaymentsConfig>();
  });

  it('@ofw/api-client/errors gives the main entry’s ApiError, isApiError and codes', () => {
    expectTypeOf(Errors.isApiError).toEqualTypeOf(Main.isApiError);
    expectTypeOf<Errors.ApiError>().toEqualTypeOf<Main.ApiError>();
    expectTypeOf<Errors.ApiErrorCode>().toEqualTypeOf<Main.ApiErrorCode>();
    expectTypeOf<Errors.ApiError['problem']>().toEqualTypeOf<Main.Problem>();
  });
});
