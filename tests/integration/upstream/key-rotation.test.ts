import { PAYLOAD_KEY_ID_HEADER, payloadKeyId, sealPayload } from '@/lib/wire/envelope';
import { startTestUpstream, TEST_KEY, type TestUpstream } from './harness';

/** The services open an envelope with the key it names while the key rotates (PAYLOAD_KEY_ACCEPTED). */
const NEXT_KEY = 'the-next-payload-key-0123456789';
let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', { acceptedPayloadKeys: [NEXT_KEY] }, 300);
}, 180_000);
afterAll(() => upstream.stop());

const login = (key: string, headers: Record<string, string>) =>
  fetch(`${upstream.url}/sso/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ en: sealPayload({ username: 'admin', password: 'Portal#2026' }, key) }) });

describe('the envelope key in rotation', () => {
  it('opens the current key with or without its id, an accepted one by its id, and refuses an id no key has', async () => {
    expect((await login(TEST_KEY, {})).status).toBe(200);
    expect((await login(TEST_KEY, { [PAYLOAD_KEY_ID_HEADER]: payloadKeyId(TEST_KEY) })).status).toBe(200);
    expect((await login(NEXT_KEY, { [PAYLOAD_KEY_ID_HEADER]: payloadKeyId(NEXT_KEY) })).status).toBe(200);
    const unknown = await login('a-key-nobody-accepts-0123456789', { [PAYLOAD_KEY_ID_HEADER]: payloadKeyId('a-key-nobody-accepts-0123456789') });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('BAD_ENVELOPE');
  });
});
