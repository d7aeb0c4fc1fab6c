/**
 * Braintree's Vault in memory: customers and their payment methods (Braintree "Vault"; braintree_node customer.js,
 * payment_method_gateway.js). A customer's first token is its default payment method; `makeDefault` moves a token
 * to the front. The test-only decline switch (`POST /sandbox/payment-methods/{token}/decline`) lives here too: the
 * processor response a token's issuer answers to every sale until it is approved again.
 */
import type { StoredCard } from './cards.js';
import { evictOldest, randomId, type Customer, type VaultedPaymentMethod } from './model.js';

export class Vault {
  private readonly customers = new Map<string, Customer>();
  private readonly methods = new Map<string, VaultedPaymentMethod>();
  private readonly declines = new Map<string, number>();

  constructor(private readonly nowIso: () => string) {}

  /** A new customer (Braintree's ids are numeric strings when none is given). */
  createCustomer(details: Partial<Pick<Customer, 'id' | 'email' | 'firstName' | 'lastName'>> = {}): Customer {
    const now = this.nowIso();
    const customer: Customer = {
      id: details.id ?? String(Math.floor(10_000_000 + Math.random() * 89_999_999)),
      email: details.email,
      firstName: details.firstName,
      lastName: details.lastName,
      paymentMethodTokens: [],
      createdAt: now,
      updatedAt: now,
    };
    this.customers.set(customer.id, customer);
    evictOldest(this.customers);
    return customer;
  }

  getCustomer(id: string): Customer | undefined {
    return this.customers.get(id);
  }

  /** Customers whose e-mail is `email` (case-insensitive), oldest first; every customer without one. */
  findCustomers(email?: string): Customer[] {
    const wanted = email?.toLowerCase();
    return [...this.customers.values()].filter((c) => wanted === undefined || c.email?.toLowerCase() === wanted);
  }

  /**
   * Vaults a payment method for a customer.
   * @param options.makeDefault make it the customer's default (a customer's first method is its default anyway).
   */
  add(customer: Customer, card: StoredCard, options: { makeDefault?: boolean | undefined } = {}): VaultedPaymentMethod {
    const now = this.nowIso();
    const method: VaultedPaymentMethod = {
      token: randomId(7),
      customerId: customer.id,
      card,
      createdAt: now,
      updatedAt: now,
    };
    this.methods.set(method.token, method);
    evictOldest(this.methods);
    if (options.makeDefault) customer.paymentMethodTokens.unshift(method.token);
    else customer.paymentMethodTokens.push(method.token);
    customer.updatedAt = now;
    return method;
  }

  get(token: string): VaultedPaymentMethod | undefined {
    return this.methods.get(token);
  }

  /**
   * The e-mail of the customer a token belongs to: a sale on a saved method carries its customer's details
   * (Braintree "Vault"), so faults matched on an e-mail also catch a renewal, which sends no customer of its own.
   */
  emailOfToken(token: string | undefined): string | undefined {
    const method = token === undefined ? undefined : this.methods.get(token);
    return method ? this.getCustomer(method.customerId)?.email : undefined;
  }

  /** Whether the token is its customer's default payment method. */
  isDefault(method: VaultedPaymentMethod): boolean {
    return this.customers.get(method.customerId)?.paymentMethodTokens[0] === method.token;
  }

  /** The customer's payment methods, the default first. */
  methodsOf(customer: Customer): VaultedPaymentMethod[] {
    return customer.paymentMethodTokens.flatMap((token) => this.methods.get(token) ?? []);
  }

  /** Makes a payment method its customer's default (`options.makeDefault` of `paymentMethod.update`). */
  makeDefault(method: VaultedPaymentMethod): void {
    const customer = this.customers.get(method.customerId);
    if (!customer) return;
    customer.paymentMethodTokens = [method.token, ...customer.paymentMethodTokens.filter((t) => t !== method.token)];
    method.updatedAt = this.nowIso();
  }

  /** `paymentMethod.delete`: gone from the Vault and its customer (the next one becomes the default). */
  delete(method: VaultedPaymentMethod): void {
    this.methods.delete(method.token);
    this.declines.delete(method.token);
    const customer = this.customers.get(method.customerId);
    if (customer) customer.paymentMethodTokens = customer.paymentMethodTokens.filter((t) => t !== method.token);
  }

  /** `customer.delete` (Braintree "Customer: Delete"): the customer and every payment method filed under it are gone. */
  deleteCustomer(customer: Customer): void {
    for (const token of customer.paymentMethodTokens) {
      this.methods.delete(token);
      this.declines.delete(token);
    }
    this.customers.delete(customer.id);
  }

  /** From now on the token's issuer declines every sale with this processor response code. */
  decline(token: string, code: number): void {
    this.declines.set(token, code);
  }

  /** The token's sales are no longer declined by the switch. */
  approve(token: string): void {
    this.declines.delete(token);
  }

  /** The processor response code the decline switch answers for a token, if it is on. */
  declineFor(token: string | undefined): number | undefined {
    return token === undefined ? undefined : this.declines.get(token);
  }
}
