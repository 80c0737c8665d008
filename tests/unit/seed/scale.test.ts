import { CUSTOMERS } from '@/upstream/seed/reference-data';
import { customersAt, SEED_PROFILES } from '@/upstream/seed/scale';

const stores = (c: (typeof CUSTOMERS)[number]) => c.merchants.reduce((sum, m) => sum + m.stores, 0);
const terminals = (c: (typeof CUSTOMERS)[number]) => c.merchants.reduce((sum, m) => sum + m.stores * m.terminalsPerStore, 0);

describe('the seed at a scale', () => {
  it('is the demo itself at the demo profile, and never smaller than the demo', () => {
    expect(customersAt(SEED_PROFILES.demo)).toEqual(CUSTOMERS);
    expect(customersAt({ stores: 3, terminals: 2, customers: 1 })).toEqual(CUSTOMERS);
  });

  it('grows the chain to 1 000 stores and 5 000 terminals and the partner to 200 customers at the large profile', () => {
    const customers = customersAt(SEED_PROFILES.large);
    const chain = customers.find((c) => c.customer_no === 'C0001');
    if (!chain) throw new Error('no chain');
    expect({ stores: stores(chain), terminals: terminals(chain) }).toEqual({ stores: 1000, terminals: 5000 });
    expect(customers.filter((c) => c.partner_no === 'P0001')).toHaveLength(200);
    expect(new Set(customers.map((c) => c.customer_no)).size).toBe(customers.length);
    // The demo's customers keep their weight: the added ones share one demo customer's.
    const added = customers.filter((c) => !CUSTOMERS.some((d) => d.customer_no === c.customer_no));
    expect(added.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(20);
  });
});
