import { CUSTOMERS, type CustomerSeed } from './reference-data';

/**
 * The data's size beyond the demo's two customers of a few stores each (issue 29): an acquirer's
 * chain customer has a thousand stores and thousands of terminals, a partner serves hundreds of
 * customers. Each figure is a total the seed reaches, never less than the demo's own.
 */
export interface SeedScale {
  /** Stores of the chain customer (the first, C0001), spread over its merchants. */
  stores?: number;
  /** Terminals of the chain customer, spread evenly over its stores (at least one each). */
  terminals?: number;
  /** Customers of the partner (P0001): the demo's three and as many more, each one merchant with one store and terminal. */
  customers?: number;
}

export const SEED_PROFILES = {
  demo: {},
  large: { stores: 1000, terminals: 5000, customers: 200 },
} as const satisfies Record<string, SeedScale>;

export type SeedProfile = keyof typeof SEED_PROFILES;

const CHAIN = 'C0001';
const PARTNER = 'P0001';
/** The added customers share among them the weight of one demo customer (C0003's): the demo's customers keep most transactions. */
const ADDED_WEIGHT = 20;

/** Splits `total` into `parts` whole shares, the first ones one larger. */
const shares = (total: number, parts: number) => Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));

function chainAt(customer: CustomerSeed, scale: SeedScale): CustomerSeed {
  const demoStores = customer.merchants.reduce((sum, m) => sum + m.stores, 0);
  const demoTerminals = customer.merchants.reduce((sum, m) => sum + m.stores * m.terminalsPerStore, 0);
  const stores = Math.max(scale.stores ?? 0, demoStores);
  const terminals = Math.max(scale.terminals ?? 0, demoTerminals);
  if (stores === demoStores && terminals === demoTerminals) return customer;
  const perStore = Math.max(1, Math.round(terminals / stores));
  return { ...customer, merchants: customer.merchants.map((m, i) => ({ ...m, stores: shares(stores, customer.merchants.length)[i] as number, terminalsPerStore: perStore })) };
}

function addedCustomer(n: number, weight: number): CustomerSeed {
  const no = String(1000 + n);
  return {
    customer_no: `C${no}`,
    customer_name: `Harbour Partner Customer ${no} Limited`,
    customer_cname: `海港夥伴客戶${no}有限公司`,
    customer_cname_hans: `海港伙伴客户${no}有限公司`,
    partner_no: PARTNER,
    weight,
    merchants: [{ business_name: `Harbour Partner Shop ${no}`, business_cname: `海港夥伴商店${no}`, business_cname_hans: `海港伙伴商店${no}`, stores: 1, terminalsPerStore: 1 }],
  };
}

/** The customers the seed inserts at a scale: the demo's, the chain grown, the partner's added after them. */
export function customersAt(scale: SeedScale = {}): CustomerSeed[] {
  const customers = CUSTOMERS.map((c) => (c.customer_no === CHAIN ? chainAt(c, scale) : c));
  const partnered = customers.filter((c) => c.partner_no === PARTNER).length;
  const added = Math.max(0, (scale.customers ?? 0) - partnered);
  return [...customers, ...Array.from({ length: added }, (_, i) => addedCustomer(i + 1, ADDED_WEIGHT / added))];
}
