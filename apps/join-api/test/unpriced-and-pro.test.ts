import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { issueToken } from '../src/accounts.js';
import { orders, users } from '../src/db/schema.js';
import { DATABASES, order, signup, withFakeSandboxApp, type FakeSandbox, type TestApp } from './helpers.js';

let n = 0;
const parent = () => ({
  firstName: 'Rae',
  lastName: `Spec${++n}`,
  email: `rae.spec${n}@example.com`,
  phoneNumber: '2025550101',
});

interface PackagesBody {
  packages: { id: number; totalPrice: number }[];
  byo: { subscriptionLengthOptions: Record<string, { options: { optionName: string }[] }> } | null;
}

describe.each(DATABASES)('what is sold (%s)', (kind) => {
  let sandbox!: FakeSandbox;
  let t!: TestApp;
  withFakeSandboxApp(kind, {}, (s, a) => {
    sandbox = s;
    t = a;
  });

  const packages = async (token: string, flow: string) =>
    (await (await t.call(`packages?currency=USD&flow=${flow}`, { token })).json()) as PackagesBody;

  it('§3/§9 the calls feature (CALLSBASIC) has no price: GET /packages does not offer it, and an order naming it is 422 naming services, nothing charged', async () => {
    const p = await signup(t, { address: { country: 'US' }, parent: parent() });
    const { byo } = await packages(p.authToken, 'join');
    const names = Object.values(byo!.subscriptionLengthOptions).flatMap((l) => l.options.map((o) => o.optionName));
    expect(names).toContain('TONEMETER');
    expect(names).not.toContain('CALLSBASIC');
    expect(names).not.toContain('TONEMETERENHANCED');

    const before = sandbox.state.charges;
    for (const option of ['CALLSBASIC_45', 'CALLSBASIC_60']) {
      const res = await order(t, p.authToken, `calls-basic-${option}`, {
        packageId: 2050,
        productId: 20501,
        services: [{ code: 'CALLSBASIC', option }],
        expectedCharge: { amount: '110.00', currencyCode: 'USD' },
      });
      expect(res.status).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      const problem = (await res.json()) as { code: string; errors?: { field: string }[] };
      expect(problem.code).toBe('package_unavailable');
      expect(problem.errors?.map((e) => e.field)).toEqual(['services']);
    }
    expect(sandbox.state.charges).toBe(before);
    expect(await t.db.select().from(orders).where(eq(orders.userId, p.userId))).toEqual([]);
  });

  it('§1/§9 flow pro without a referral token is the regular join: no pro package shown or sold (422, nothing charged)', async () => {
    const asked = await signup(t, {
      flow: 'pro',
      proFirstName: 'Self',
      proLastName: 'Declared',
      address: { country: 'US' },
      parent: parent(),
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, asked.userId));
    expect(user).toMatchObject({ flow: 'join', proFirstName: null, proLastName: null, userCreatedByPro: false });
    const state = (await (await t.call(`parents/${asked.userId}`, { token: asked.authToken })).json()) as {
      flow: string;
    };
    expect(state.flow).toBe('join');

    // whatever ?flow= asks, a signed-in parent is shown what POST /orders would sell them
    const shown = await packages(asked.authToken, 'pro');
    expect(shown.packages.map((p) => p.id)).not.toContain(2);
    const regular = await packages(asked.authToken, 'join');
    expect(shown.packages).toEqual(regular.packages);
    expect(shown.byo).toEqual(regular.byo);

    const before = sandbox.state.charges;
    const refused = await order(t, asked.authToken, 'pro-unreferred-a-01', {
      packageId: 2,
      expectedCharge: { amount: '119.97', currencyCode: 'USD' },
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      code: 'package_unavailable',
      errors: [{ field: 'packageId' }],
    });
    expect(sandbox.state.charges).toBe(before);
  });

  it('§1/§9 a valid pro referral keeps the professional’s name from the referral and sells package A (119.97); a used one is refused', async () => {
    const referral = await issueToken(t.db, 'pro_referral', {
      data: { proFirstName: 'Jo', proLastName: 'Counsel' },
      now: new Date(),
    });
    const body = { flow: 'pro', proReferralToken: referral, address: { country: 'US' }, parent: parent() };
    const referred = await signup(t, body);
    const [user] = await t.db.select().from(users).where(eq(users.id, referred.userId));
    expect(user).toMatchObject({ flow: 'pro', proFirstName: 'Jo', proLastName: 'Counsel', userCreatedByPro: true });
    expect((await packages(referred.authToken, 'pro')).packages[0]).toMatchObject({ id: 2, totalPrice: 119.97 });
    const paid = await order(t, referred.authToken, 'pro-referred-a-01', { packageId: 2 });
    expect(paid.status).toBe(201);
    expect(await paid.json()).toMatchObject({ receipt: { amount: 119.97, currencyCode: 'USD' } });

    const again = await t.call('signups', { method: 'POST', json: { ...body, parent: parent() } });
    expect(again.status).toBe(401);
  });
});
