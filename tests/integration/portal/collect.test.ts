import { randomUUID } from 'node:crypto';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

let upstream: TestUpstream;
let store: { merchant_no: string; store_code: string; token: string };
let foreignStore: string;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', {}, 600);
  portalEnv(upstream.url);
  const codes = async (account: string) =>
    (await upstream.client.call<{ data: (typeof store)[] }>('GET', '/api/Collect/GetStoreCodes', {}, { token: (await upstream.client.login(account)).token })).body.data;
  store = (await codes('admin'))[0] as typeof store;
  foreignStore = (await codes('other@demo.test'))[0]?.store_code as string;
});
afterAll(() => upstream.stop());

interface Created {
  requestNo: string;
  payLink: string;
  qrSvg: string;
  replayed: boolean;
}

const form = (extra: Record<string, unknown> = {}) => ({
  merchantNo: store.merchant_no,
  storeCode: store.store_code,
  amount: '250.00',
  description: 'Deposit',
  expiresInMinutes: 60,
  requestKey: randomUUID(),
  ...extra,
});
const sameOrigin = { origin: '', 'sec-fetch-site': 'same-origin' };

describe('collect payment through the portal', () => {
  it('creates a payment request once per form key and answers its pay link on the payment page and its QR code', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const input = form();
    const [first, second] = [await admin.call<{ ok: boolean; data: Created }>('POST', '/api/collect/requests', input), await admin.call<{ ok: boolean; data: Created }>('POST', '/api/collect/requests', input)];
    expect(first.body.ok).toBe(true);
    expect(first.body.data.payLink).toMatch(new RegExp(`^${upstream.url}/pay/[A-Za-z0-9_-]{43}$`));
    expect(first.body.data.qrSvg).toMatch(/^<svg /);
    expect(second.body.data).toMatchObject({ requestNo: first.body.data.requestNo, payLink: first.body.data.payLink, replayed: true });
    // The link opens the services' payment page with the amount.
    expect(await (await fetch(first.body.data.payLink)).text()).toContain('HKD 250.00');

    process.env.PAYMENT_PAGE_URL = 'https://pay.example.test/';
    try {
      const elsewhere = await admin.call<{ data: Created }>('POST', '/api/collect/requests', form());
      expect(elsewhere.body.data.payLink).toMatch(/^https:\/\/pay\.example\.test\/pay\/[A-Za-z0-9_-]{43}$/);
    } finally {
      delete process.env.PAYMENT_PAGE_URL;
    }
  });

  it('refuses a bad amount in the user\u2019s language, a store of another customer, another site, and users without the menu', async () => {
    const admin = new Browser('zh-TW');
    await admin.signIn('admin');
    const zero = await admin.call('POST', '/api/collect/requests', form({ amount: '0' }));
    expect({ status: zero.status, message: zero.body.error?.message }).toEqual({ status: 400, message: '金額須大於 0。' });
    const decimals = await admin.call('POST', '/api/collect/requests', form({ amount: '1.005' }));
    expect({ status: decimals.status, message: decimals.body.error?.message }).toEqual({ status: 400, message: '金額須為最多兩位小數的數字。' });
    const negative = await admin.call('POST', '/api/collect/requests', form({ amount: '-5' }));
    expect({ status: negative.status, message: negative.body.error?.message }).toEqual({ status: 400, message: '金額須大於 0。' });
    const tooLarge = await admin.call('POST', '/api/collect/requests', form({ amount: '1000000.01', description: 'too large' }));
    expect({ status: tooLarge.status, message: tooLarge.body.error?.message }).toEqual({ status: 400, message: '每個收款請求的金額最多為 HKD 1,000,000.00。' });
    // The services refuse it too, whoever calls them.
    const token = (await upstream.client.login('admin')).token;
    const direct = await upstream.client.call<{ error?: { code: string } }>('POST', '/api/Collect/CreatePaymentRequest', form({ amount: '1000000.01', description: 'too large' }), { token });
    expect({ status: direct.status, code: direct.body.error?.code }).toEqual({ status: 422, code: 'COLLECT_AMOUNT_TOO_LARGE' });
    expect((await admin.call('POST', '/api/collect/requests', form({ amount: '1000000.00', description: 'at the limit' }))).status).toBe(200);
    expect((await admin.call('POST', '/api/collect/requests', form({ storeCode: foreignStore }))).status).toBe(404);
    const crossSite = await admin.call('POST', '/api/collect/requests', form({ description: 'cross-site' }), { origin: 'https://elsewhere.test' });
    expect(crossSite.status).toBe(403);
    const viewer = new Browser();
    await viewer.signIn('viewer@demo.test');
    expect((await viewer.call('POST', '/api/collect/requests', form({ description: 'viewer' }))).status).toBe(403);
    expect(await upstream.db.query("SELECT id FROM payment_requests WHERE description IN ('cross-site', 'viewer') OR amount = 0 OR description = 'too large'")).toEqual([]);
  });

  it('downloads a store\u2019s code as a PNG that scans as the store\u2019s payment page, and as a PDF; never another customer\u2019s', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const png = await admin.open(`/api/collect/store-code/${store.store_code}?format=png`, { headers: sameOrigin });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe(`attachment; filename="qr_${store.store_code}.png"`);
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const image = PNG.sync.read(bytes);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${upstream.url}/pay/store/${store.token}`);

    const pdf = await admin.open(`/api/collect/store-code/${store.store_code}?format=pdf`, { headers: sameOrigin });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect((await admin.open(`/api/collect/store-code/${foreignStore}?format=png`, { headers: sameOrigin })).status).toBe(404);
    expect((await admin.open(`/api/collect/store-code/${store.store_code}?format=gif`, { headers: sameOrigin })).status).toBe(400);
    expect((await admin.open(`/api/collect/store-code/${store.store_code}?format=png`, { headers: { origin: 'https://elsewhere.test', 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
  });
});
