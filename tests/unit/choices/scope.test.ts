import { choiceScope } from '@/lib/choices/scope';

const partner = { rank: 'PARTNER' as const, merchantIds: ['852000100000001', '852000100000009'] };
const customer = { rank: 'CUSTOMER' as const, merchantIds: ['852000100000001'] };

describe('the scoping rule of the choices', () => {
  it("lets a partner narrow to a customer and one of its merchants, and passes a store on for the services' check", () => {
    expect(choiceScope(partner, { customer: 'C0003', merchant: '852000100000009', store: 'S000010' })).toEqual({
      ok: true,
      scope: { customer_no: 'C0003', merchant_no: '852000100000009', store_code: 'S000010' },
    });
    expect(choiceScope(partner, {})).toEqual({ ok: true, scope: {} });
  });

  it("refuses a customer user's customer and a merchant outside the session, whatever the request says", () => {
    expect(choiceScope(customer, { customer: 'C0001' })).toEqual({ ok: false, field: 'customer' });
    expect(choiceScope(customer, { merchant: '852000100000009' })).toEqual({ ok: false, field: 'merchant' });
    expect(choiceScope(partner, { merchant: '852000100000005' })).toEqual({ ok: false, field: 'merchant' });
  });
});
