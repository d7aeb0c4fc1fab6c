import type * as Domain from '@ofw/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type * as Payments from '../src/index.js';
import {
  cardBrand,
  createPaymentsClient,
  type Address,
  type CardBrand,
  type CardBrandInfo,
  type PaymentsConfig,
  type TokenizedCard,
} from '../src/index.js';
import type { FrameToParentMessage, ParentToFrameMessage, PeerMessage } from '../src/protocol.js';
import type * as PaymentsReact from '../src/react.js';
import type { useHostedFields } from '../src/react.js';

describe('@ofw/payments public API (type tests)', () => {
  it('a parsed GET /payments/config answer (@ofw/domain) is a PaymentsConfig as is, plus an optional locale', () => {
    expectTypeOf<Domain.PaymentsConfig>().toExtend<PaymentsConfig>();
    expectTypeOf<Domain.PaymentsConfig & { locale: string }>().toExtend<PaymentsConfig>();
    expectTypeOf(createPaymentsClient).parameter(0).toEqualTypeOf<PaymentsConfig>();
  });

  it('TokenizedCard, CardBrand and Address are @ofw/domain’s; cardBrand() gives CardBrandInfo', () => {
    expectTypeOf<TokenizedCard>().toEqualTypeOf<Domain.TokenizedCard>();
    expectTypeOf<CardBrand>().toEqualTypeOf<Domain.CardBrand>();
    expectTypeOf<Address>().toEqualTypeOf<Domain.Address>();
    expectTypeOf(cardBrand).returns.toEqualTypeOf<CardBrandInfo | undefined>();
    expectTypeOf<CardBrandInfo['type']>().toEqualTypeOf<Domain.CardBrand>();
    expectTypeOf<ReturnType<typeof useHostedFields>['cardBrand']>().toEqualTypeOf<CardBrandInfo | undefined>();
  });

  it('the core entry holds no React: the provider and every hook are @ofw/payments/react’s (README "API")', () => {
    expectTypeOf<typeof Payments>().not.toHaveProperty('PaymentsProvider');
    expectTypeOf<typeof Payments>().not.toHaveProperty('useHostedFields');
    expectTypeOf<typeof Payments>().not.toHaveProperty('useThreeDSecure');
    expectTypeOf<typeof Payments>().not.toHaveProperty('PayPalButton');
    expectTypeOf<typeof PaymentsReact>().toHaveProperty('PaymentsProvider');
    expectTypeOf<typeof PaymentsReact>().toHaveProperty('useHostedFields');
    expectTypeOf<typeof PaymentsReact>().toHaveProperty('useThreeDSecure');
    expectTypeOf<typeof PaymentsReact>().toHaveProperty('PayPalButton');
    expectTypeOf<typeof PaymentsReact>().not.toHaveProperty('createPaymentsClient');
  });

  it('VenmoLogo is no longer exported (it is @ofw/ui’s)', () => {
    expectTypeOf<typeof Payments>().not.toHaveProperty('VenmoLogo');
  });

  it('the protocol’s messages are discriminated by type', () => {
    expectTypeOf<ParentToFrameMessage['type']>().toEqualTypeOf<
      'configure' | 'tokenize' | 'clear' | 'focus' | 'setPlaceholder' | 'setAttribute' | 'removeAttribute' | 'teardown'
    >();
    expectTypeOf<FrameToParentMessage['type']>().toEqualTypeOf<'ready' | 'configured' | 'state' | 'tokenizeResult'>();
    expectTypeOf<PeerMessage['type']>().toEqualTypeOf<'collect' | 'value' | 'cardType'>();
    expectTypeOf<Extract<ParentToFrameMessage, { type: 'tokenize' }>>()
      .toHaveProperty('requestId')
      .toEqualTypeOf<string>();
  });
});
