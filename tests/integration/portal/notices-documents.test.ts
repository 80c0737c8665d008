import { startTestUpstream, type TestUpstream } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', { maxInputBytes: 64 * 1024 }, 600);
  portalEnv(upstream.url);
});
afterAll(() => upstream.stop());

const PDF = Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(300, 7)]);

function documentForm(name: string, content: Buffer, docType = 'OTHER', merchant?: string) {
  const form = new FormData();
  form.set('docType', docType);
  if (merchant) form.set('merchant', merchant);
  form.set('file', new File([new Uint8Array(content)], name));
  return form;
}

const storedNamed = (name: string) => upstream.db.query('SELECT id FROM documents WHERE file_name = $1', [name]);

describe('documents through the portal', () => {
  it('uploads a PDF and downloads the same file, with its type and name', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const uploaded = await admin.postForm('/api/documents', documentForm('invoice 2026.pdf', PDF));
    expect(uploaded.body).toMatchObject({ ok: true, data: { status: 'RECEIVED' } });
    const id = (uploaded.body.data as { id: number }).id;

    const file = await admin.open(`/api/documents/${id}`, { headers: { origin: '', 'sec-fetch-site': 'same-origin' } });
    expect({ status: file.status, body: file.status === 200 ? '' : await file.clone().text() }).toEqual({ status: 200, body: '' });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="invoice 2026.pdf"; filename*=UTF-8''invoice%202026.pdf`);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('refuses a renamed executable by its content, in the user\'s language, before anything reaches the services', async () => {
    const admin = new Browser('zh-TW');
    await admin.signIn('admin');
    // Were the file forwarded, this fault would answer; the refusal must come first.
    await upstream.client.dev('POST', '/dev/faults', { account: 'admin', path: '/api/MerchantDocument/UploadDocument', status: 500 });
    try {
      const refused = await admin.postForm('/api/documents', documentForm('statement.pdf', EXE));
      expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 422, error: { code: 'DOCUMENT_TYPE_REFUSED', message: '此檔案不是 PDF、JPEG 或 PNG 文件，無論其名稱為何。' } });
      const forwarded = await admin.postForm('/api/documents', documentForm('statement.pdf', PDF));
      expect(forwarded.status).toBe(502);
    } finally {
      await upstream.client.dev('POST', '/dev/faults', { account: 'admin', path: '/api/MerchantDocument/UploadDocument', status: null });
    }
    expect(await storedNamed('statement.pdf')).toEqual([]);
  });

  it('refuses a file name it cannot keep with the rule in the message', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const refused = await admin.postForm('/api/documents', documentForm('.statement.pdf', PDF));
    expect({ status: refused.status, error: refused.body.error }).toEqual({
      status: 422,
      error: { code: 'DOCUMENT_NAME_INVALID', message: 'The file name cannot be used: it may have at most 120 characters, must not start with a dot or a space, and must not contain / or \\. Please rename the file.' },
    });
  });

  it('refuses a file over 5 MB with the size in the message, and a body that says it is larger without reading it', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const large = await admin.postForm('/api/documents', documentForm('large.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)])));
    expect({ status: large.status, error: large.body.error }).toEqual({ status: 413, error: { code: 'DOCUMENT_TOO_LARGE', message: 'The file is larger than 5 MB.' } });
    const claimed = await admin.postForm('/api/documents', documentForm('small.pdf', PDF), { 'content-length': String(6 * 1024 * 1024) });
    expect(claimed.status).toBe(413);
    expect(await storedNamed('large.pdf')).toEqual([]);
    expect(await storedNamed('small.pdf')).toEqual([]);
  });

  it('refuses an upload from another site, a business registration without its merchant, and users without the menu', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    expect((await admin.postForm('/api/documents', documentForm('cross.pdf', PDF), { origin: 'https://elsewhere.test' })).status).toBe(403);
    const noMerchant = await admin.postForm('/api/documents', documentForm('br.pdf', PDF, 'BUSINESS_REGISTRATION'));
    expect({ status: noMerchant.status, code: noMerchant.body.error?.code }).toEqual({ status: 422, code: 'DOCUMENT_MERCHANT_REQUIRED' });
    const noType = await admin.postForm('/api/documents', documentForm('typeless.pdf', PDF, 'PASSPORT'));
    expect({ status: noType.status, message: noType.body.error?.message }).toEqual({ status: 400, message: 'Please choose the kind of document.' });
    const maker = new Browser();
    await maker.signIn('maker@demo.test');
    expect((await maker.postForm('/api/documents', documentForm('maker.pdf', PDF))).status).toBe(403);
    expect(await upstream.db.query("SELECT id FROM documents WHERE file_name IN ('cross.pdf', 'br.pdf', 'typeless.pdf', 'maker.pdf')")).toEqual([]);
  });

  it('gives other@demo.test none of the first customer\'s documents', async () => {
    const admin = new Browser();
    await admin.signIn('admin');
    const uploaded = await admin.postForm('/api/documents', documentForm('private.pdf', PDF));
    const id = (uploaded.body.data as { id: number }).id;
    const other = new Browser();
    await other.signIn('other@demo.test');
    expect((await other.open(`/api/documents/${id}`)).status).toBe(404);
    expect((await other.call('POST', '/api/gateway/documentRemove', { input: { id } })).status).toBe(404);
    expect(await storedNamed('private.pdf')).toHaveLength(1);
    // A download link on another site fetches nothing.
    expect((await admin.open(`/api/documents/${id}`, { headers: { origin: 'https://elsewhere.test' } })).status).toBe(403);
  });
});

describe('notifications through the portal', () => {
  it('lowers the top bar\'s count as the user reads, and only that user\'s', async () => {
    const reader = new Browser();
    await reader.signIn('assets@demo.test');
    const checker = new Browser();
    await checker.signIn('checker@demo.test');
    const count = async (browser: Browser) => ((await browser.call('POST', '/api/gateway/noticeCount', {})).body.data as { unread: number }).unread;
    const [before, checkerBefore] = [await count(reader), await count(checker)];
    expect(before).toBeGreaterThan(1);
    const [notice] = await upstream.db.query<{ id: number }>("SELECT id::int AS id FROM notifications WHERE title_en = 'Scheduled maintenance'");
    const read = await reader.call('POST', '/api/gateway/noticeRead', { input: { ids: [notice?.id] } });
    expect(read.body).toMatchObject({ ok: true, data: { updated: 1 } });
    expect(await count(reader)).toBe(before - 1);
    expect(await count(checker)).toBe(checkerBefore);
    // Identity comes from the session: a user id in the input is refused, not used.
    expect((await reader.call('POST', '/api/gateway/noticeRead', { input: { ids: [notice?.id], userId: 1 } })).status).toBe(400);
  });

  it('hands out important notices in the user\'s language and keeps the acknowledgement', async () => {
    const other = new Browser('zh-CN');
    await other.signIn('other@demo.test');
    const important = async () => ((await other.call('POST', '/api/gateway/noticeImportant', { input: { lang: 'zhCN' } })).body.data as { data: { id: number; title: string }[] }).data;
    const [notice] = await important();
    expect(notice?.title).toBe('信用卡收单条款更新');
    expect((await other.call('POST', '/api/gateway/noticeAcknowledge', { input: { id: notice?.id } })).status).toBe(200);
    expect(await important()).toEqual([]);
  });
});

describe("the important notice's answers", () => {
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  let checker: Browser;
  const publish = async (title: string) => {
    const answer = await fetch(`${upstream.url}/dev/notices/publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'checker@demo.test', kind: 'NOTICE', important: true, title: { en: title, zhTW: title, zhCN: title }, body: { en: 'Body', zhTW: '內容', zhCN: '内容' } }),
    });
    return ((await answer.json()) as { id: number }).id;
  };
  const unacknowledged = async () => ((await checker.call('POST', '/api/gateway/noticeImportant', { input: { lang: 'en' } })).body.data as { data: { id: number }[] }).data.map((n) => n.id);
  beforeAll(async () => {
    checker = new Browser();
    await checker.signIn('checker@demo.test');
  });

  it('"Later" leaves the notice unacknowledged with the services', async () => {
    const id = await publish('Later test');
    const later = await checker.call('POST', '/api/notices/important', { answer: 'later', notice: id });
    expect(later.body).toEqual({ ok: true, data: {} });
    expect(await unacknowledged()).toContain(id);
  });

  it('without JavaScript, acknowledges from the form and sends the page back, only to a path of the portal', async () => {
    const id = await publish('Form test');
    const outside = await checker.send('POST', '/api/notices/important', `answer=acknowledge&notice=${id}&back=${encodeURIComponent('//evil.example/x')}`, FORM);
    expect(outside.status).toBe(400);
    expect(await unacknowledged()).toContain(id);
    const acknowledged = await checker.send('POST', '/api/notices/important', `answer=acknowledge&notice=${id}&back=${encodeURIComponent('/merchant/stores')}`, FORM);
    expect({ status: acknowledged.status, location: acknowledged.headers.get('location') }).toEqual({ status: 303, location: '/merchant/stores' });
    expect(await unacknowledged()).not.toContain(id);
  });

  it('refuses another site\'s form, and tells a script the services refused a notice that is not important', async () => {
    const id = await publish('Cross-site test');
    const crossed = await checker.send('POST', '/api/notices/important', `answer=acknowledge&notice=${id}`, { ...FORM, origin: 'https://evil.example' });
    expect(crossed.status).toBe(403);
    expect(await unacknowledged()).toContain(id);
    const [plain] = await upstream.db.query<{ id: number }>("SELECT id::int AS id FROM notifications WHERE NOT important ORDER BY id LIMIT 1");
    const refused = await checker.call('POST', '/api/notices/important', { answer: 'acknowledge', notice: plain?.id });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body).toMatchObject({ ok: false });
  });
});
