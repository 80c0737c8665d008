import { BR_RENEWAL_DAYS } from '../../../lib/documents/rules';
import { addDays, toIsoDay, wallClock } from '../../../lib/format/date';
import { DATABASES, startTestUpstream, type TestUpstream } from './harness';

/** Real file starts: a PDF, a PNG, and a Windows executable (MZ) that someone renamed. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);

interface Notice {
  id: number;
  kind: string;
  important: boolean;
  title: string;
  body: string;
  read: boolean;
  acknowledged: boolean;
  link: string | null;
}
interface NoticePage {
  data: Notice[];
  total: number;
  unread: number;
}
interface DocumentRow {
  id: number;
  docType: string;
  fileName: string;
  status: string;
  reason: string;
  merchant_no: string;
}

describe.each(DATABASES)('notifications and documents on %s', (database) => {
  let upstream: TestUpstream;
  let admin: string;
  let other: string;
  let firstMerchant: string;
  beforeAll(async () => {
    upstream = await startTestUpstream(database, {}, 600);
    admin = (await upstream.client.login('admin')).token;
    other = (await upstream.client.login('other@demo.test')).token;
    const [row] = await upstream.db.query<{ merchant_no: string }>("SELECT min(merchant_no) AS merchant_no FROM merchants WHERE customer_no = 'C0001'");
    firstMerchant = row?.merchant_no as string;
  });
  afterAll(() => upstream.stop());

  /** C0001's merchants whose registration has expired or expires within the renewal window, by SQL. */
  const dueRenewals = async () =>
    (await upstream.db.query<{ merchant_no: string }>(
      "SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' AND br_expiry_date <= $1::date ORDER BY br_expiry_date, merchant_no",
      [toIsoDay(addDays(wallClock(upstream.clock.now()).day, BR_RENEWAL_DAYS))],
    )).map((row) => row.merchant_no);
  const call = <T>(token: string, method: string, path: string, input: Record<string, unknown> = {}) => upstream.client.call<T>(method, path, input, { token });
  const notices = (token: string, input: Record<string, unknown> = {}) => call<NoticePage>(token, 'GET', '/wrs2/api/v1/notice/list', { limit: 100, ...input });
  const unread = async (token: string) => (await call<{ unread: number }>(token, 'GET', '/wrs2/api/v1/notice/unreadCount')).body.unread;
  const upload = (token: string, fileName: string, content: Buffer, extra: Record<string, unknown> = {}) =>
    call<{ id: number; status: string; error?: { code: string } }>(token, 'POST', '/api/MerchantDocument/UploadDocument', { docType: 'OTHER', fileName, content: content.toString('base64'), ...extra });
  const documents = async (token: string) => (await call<{ data: DocumentRow[]; total: number }>(token, 'GET', '/api/MerchantDocument/GetDocumentList', { limit: 100 })).body;

  describe('notifications', () => {
    it('answers each notice in the language asked for, unread first, with the expiring business registration among them once', async () => {
      const [english, traditional, simplified] = await Promise.all(['en', 'zhTW', 'zhCN'].map((lang) => notices(admin, { lang })));
      const title = (page: typeof english, id: number) => page?.body.data.find((n) => n.id === id)?.title;
      const maintenance = english?.body.data.find((n) => n.title === 'Scheduled maintenance') as Notice;
      expect([title(english, maintenance.id), title(traditional, maintenance.id), title(simplified, maintenance.id)]).toEqual(['Scheduled maintenance', '系統維護通知', '系统维护通知']);

      // One notice per merchant whose registration is due (the seed has one expired, two expiring, the first merchant's among them).
      const due = await dueRenewals();
      expect(due).toContain(firstMerchant);
      const renewals = english?.body.data.filter((n) => n.title.startsWith('Business registration of')) ?? [];
      expect(renewals.map((n) => due.find((merchant) => n.body.includes(merchant))).sort()).toEqual([...due].sort());
      for (const renewal of renewals) expect(renewal).toMatchObject({ kind: 'NOTICE', link: '/uploadDocuments' });
      // Asked again: the derived notice is not made twice.
      expect((await notices(admin)).body.total).toBe(english?.body.total);

      const [first] = english?.body.data ?? [];
      await call(admin, 'POST', '/wrs2/api/v1/notice/read', { ids: [first?.id] });
      const after = (await notices(admin)).body.data;
      expect(after.at(-1)?.id).toBe(first?.id);
      expect(after.findIndex((n) => n.read)).toBe(after.length - 1);
    });

    it('counts unread notices per user: reading one lowers the reader\'s count only, reading it again changes nothing', async () => {
      const maker = (await upstream.client.login('maker@demo.test')).token;
      const [adminBefore, makerBefore, otherBefore] = await Promise.all([unread(admin), unread(maker), unread(other)]);
      const notice = (await notices(admin, { state: 'UNREAD' })).body.data.find((n) => n.title === 'WeChat Pay fee update') as Notice;
      const read = await call<{ updated: number }>(admin, 'POST', '/wrs2/api/v1/notice/read', { ids: [notice.id] });
      expect(read.body.updated).toBe(1);
      expect(await unread(admin)).toBe(adminBefore - 1);
      expect((await call<{ updated: number }>(admin, 'POST', '/wrs2/api/v1/notice/read', { ids: [notice.id] })).body.updated).toBe(0);
      expect(await unread(admin)).toBe(adminBefore - 1);
      expect([await unread(maker), await unread(other)]).toEqual([makerBefore, otherBefore]);
      expect((await notices(other)).body.data.find((n) => n.id === notice.id)?.read).toBe(false);
      const [entry] = await upstream.db.query<{ action: string }>("SELECT action FROM activity_log WHERE action = 'notice.read' AND account = 'admin'");
      expect(entry?.action).toBe('notice.read');
    });

    it('keeps one customer\'s notices from another: other@demo.test neither lists nor reads nor acknowledges them', async () => {
      const otherPage = (await notices(other)).body;
      const customerOnly = await upstream.db.query<{ id: number; customer_no: string }>('SELECT id::int AS id, customer_no FROM notifications WHERE customer_no IS NOT NULL');
      const firstCustomers = customerOnly.filter((n) => n.customer_no === 'C0001').map((n) => n.id);
      expect(firstCustomers.length).toBeGreaterThan(1);
      expect(otherPage.data.filter((n) => firstCustomers.includes(n.id))).toEqual([]);
      expect(otherPage.data.some((n) => n.title === 'Bank account check')).toBe(true);
      expect((await notices(admin)).body.data.map((n) => n.title)).not.toContain('Bank account check');

      const foreign = firstCustomers[0] as number;
      const refused = await call<{ error: { code: string } }>(other, 'POST', '/wrs2/api/v1/notice/read', { ids: [foreign] });
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
      expect(await upstream.db.query('SELECT 1 FROM notification_reads r JOIN users u USING (user_id) WHERE u.account = $1 AND r.notification_id = $2', ['other@demo.test', foreign])).toEqual([]);
      // Every notice "all" reads is one the user sees.
      await call(other, 'POST', '/wrs2/api/v1/notice/read', { all: true });
      const readByOther = await upstream.db.query<{ id: number }>("SELECT r.notification_id::int AS id FROM notification_reads r JOIN users u USING (user_id) WHERE u.account = 'other@demo.test'");
      expect(readByOther.filter((r) => firstCustomers.includes(r.id))).toEqual([]);
      expect(await unread(other)).toBe(0);
    });

    it('opens an important notice until its user acknowledges it, once, for every browser', async () => {
      const fresh = (await upstream.client.login('other-maker@demo.test')).token;
      const published = await upstream.client.dev<{ id: number }>('POST', '/dev/notices/publish', {
        customer_no: 'C0002',
        account: 'other-maker@demo.test',
        kind: 'NOTICE',
        important: true,
        title: { en: 'Please acknowledge', zhTW: '請確認', zhCN: '请确认' },
        body: { en: 'Terms change.', zhTW: '條款更新。', zhCN: '条款更新。' },
      });
      const important = async (token: string, lang = 'en') => (await call<{ data: Notice[] }>(token, 'GET', '/wrs2/api/v1/notice/important', { lang })).body.data.map((n) => n.title);
      expect(await important(fresh, 'zhCN')).toEqual(['请确认']);
      // Addressed to one user: the same customer's administrator does not get it.
      expect(await important(other)).not.toContain('Please acknowledge');
      expect((await call(other, 'POST', '/wrs2/api/v1/notice/acknowledge', { id: published.id })).status).toBe(404);

      const plain = (await notices(fresh)).body.data.find((n) => !n.important) as Notice;
      const notImportant = await call<{ error: { code: string } }>(fresh, 'POST', '/wrs2/api/v1/notice/acknowledge', { id: plain.id });
      expect({ status: notImportant.status, code: notImportant.body.error.code }).toEqual({ status: 422, code: 'NOTICE_NOT_IMPORTANT' });

      expect((await call(fresh, 'POST', '/wrs2/api/v1/notice/acknowledge', { id: published.id })).status).toBe(200);
      const again = (await upstream.client.login('other-maker@demo.test')).token;
      expect(await important(again)).toEqual([]);
      expect((await notices(again)).body.data.find((n) => n.id === published.id)).toMatchObject({ read: true, acknowledged: true });
    });

    it('gives partners the notices for everyone only', async () => {
      const partner = (await upstream.client.login('partner@demo.test')).token;
      const titles = (await notices(partner)).body.data.map((n) => n.title);
      const everyone = await upstream.db.query<{ title_en: string }>('SELECT title_en FROM notifications WHERE customer_no IS NULL AND user_id IS NULL');
      expect(titles.sort()).toEqual(everyone.map((n) => n.title_en).sort());
    });

    it('words a renewal notice by the day it is read: "expires on" until the day, "expired on" after it, in each language', async () => {
      const expiries = await upstream.db.query<{ merchant_no: string; day: string }>(
        "SELECT merchant_no, to_char(br_expiry_date, 'YYYY-MM-DD') AS day FROM merchants WHERE customer_no = 'C0001' AND br_expiry_date IS NOT NULL ORDER BY br_expiry_date",
      );
      const today = toIsoDay(wallClock(upstream.clock.now()).day);
      const past = expiries.find((row) => row.day < today);
      const coming = expiries.find((row) => row.day > today);
      // The seed has a registration expired and two expiring.
      expect(past && coming).toBeTruthy();
      const WORDS = {
        en: { past: (day: string) => `expired on ${day}`, coming: (day: string) => `expires on ${day}` },
        zhTW: { past: (day: string) => `已於 ${day} 到期`, coming: (day: string) => `將於 ${day} 到期` },
        zhCN: { past: (day: string) => `已于 ${day} 到期`, coming: (day: string) => `将于 ${day} 到期` },
      } as const;
      const noticeOf = (page: NoticePage, merchant: string) => page.data.find((n) => n.link === '/uploadDocuments' && n.body.includes(merchant)) as Notice;
      for (const lang of ['en', 'zhTW', 'zhCN'] as const) {
        const page = (await notices(admin, { lang })).body;
        for (const [row, tense] of [[past, 'past'], [coming, 'coming']] as const) {
          const notice = noticeOf(page, row?.merchant_no as string);
          expect(notice.title).toContain(WORDS[lang][tense](row?.day as string));
          expect(notice.body).toContain(WORDS[lang][tense](row?.day as string));
          expect(`${notice.title} ${notice.body}`).not.toContain('{due}');
        }
      }
      // The same notice, read after its day, says it expired.
      const days = Math.round((Date.parse(coming?.day as string) - Date.parse(today)) / 86_400_000) + 1;
      upstream.clock.advance(days * 86_400_000);
      try {
        // Days later the sign-in of before has expired: a new one.
        const later = (await upstream.client.login('admin')).token;
        expect(noticeOf((await notices(later)).body, coming?.merchant_no as string).title).toContain(`expired on ${coming?.day}`);
      } finally {
        upstream.clock.reset();
      }
    });
  });

  describe('documents', () => {
    it('stores a PDF and hands the same bytes back, listed as received', async () => {
      const uploaded = await upload(admin, 'licence.pdf', PDF, { docType: 'BANK_PROOF', merchant_no: firstMerchant });
      expect(uploaded.body).toMatchObject({ success: 1, status: 'RECEIVED' });
      const listed = (await documents(admin)).data.find((d) => d.id === uploaded.body.id);
      expect(listed).toMatchObject({ docType: 'BANK_PROOF', fileName: 'licence.pdf', status: 'RECEIVED', merchant_no: firstMerchant });
      const file = await call<{ contentType: string; fileName: string; content: string; size: number }>(admin, 'GET', '/api/MerchantDocument/DownloadDocument', { id: uploaded.body.id });
      expect(file.body).toMatchObject({ contentType: 'application/pdf', fileName: 'licence.pdf', size: PDF.length });
      expect(file.body.content).toBe(PDF.toString('base64'));
    });

    it.each([
      ['an executable renamed to .pdf', 'statement.pdf', EXE, 422, 'DOCUMENT_TYPE_REFUSED'],
      ['a PNG named .pdf', 'statement.pdf', PNG, 422, 'DOCUMENT_NAME_MISMATCH'],
      ['an empty file', 'statement.pdf', Buffer.alloc(0), 422, 'DOCUMENT_EMPTY'],
      ['a file over 5 MB', 'scan.pdf', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 413, 'DOCUMENT_TOO_LARGE'],
      ['a name with a folder', '../statement.pdf', PDF, 422, 'DOCUMENT_NAME_INVALID'],
    ])('refuses %s and stores nothing', async (_name, fileName, content, status, code) => {
      const before = (await documents(admin)).total;
      const refused = await upload(admin, fileName, content);
      expect({ status: refused.status, code: refused.body.error?.code }).toEqual({ status, code });
      expect((await documents(admin)).total).toBe(before);
    });

    it('asks a business registration for its merchant, of the caller\'s own scope', async () => {
      const noMerchant = await upload(admin, 'br.pdf', PDF, { docType: 'BUSINESS_REGISTRATION' });
      expect({ status: noMerchant.status, code: noMerchant.body.error?.code }).toEqual({ status: 422, code: 'DOCUMENT_MERCHANT_REQUIRED' });
      const [foreign] = await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0002' LIMIT 1");
      const elsewhere = await upload(admin, 'br.pdf', PDF, { docType: 'BUSINESS_REGISTRATION', merchant_no: foreign?.merchant_no });
      expect(elsewhere.status).toBe(404);
    });

    it('removes a document only while it is still received', async () => {
      const kept = await upload(admin, 'front.png', PNG, { docType: 'STORE_PHOTO' });
      const taken = await upload(admin, 'back.png', PNG, { docType: 'STORE_PHOTO' });
      await upstream.client.dev('POST', '/dev/documents/review', { id: kept.body.id, status: 'UNDER_REVIEW' });
      const refused = await call<{ error: { code: string } }>(admin, 'DELETE', '/api/MerchantDocument/DeleteDocument', { id: kept.body.id });
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'DOCUMENT_NOT_REMOVABLE' });
      expect((await call(admin, 'DELETE', '/api/MerchantDocument/DeleteDocument', { id: taken.body.id })).status).toBe(200);
      const ids = (await documents(admin)).data.map((d) => d.id);
      expect(ids).toContain(kept.body.id);
      expect(ids).not.toContain(taken.body.id);
      const actions = await upstream.db.query<{ action: string }>("SELECT action FROM activity_log WHERE target LIKE $1 ORDER BY id", [`${taken.body.id} %`]);
      expect(actions.map((a) => a.action)).toEqual(['document.upload', 'document.remove']);
    });

    it('shows a rejection with its reason', async () => {
      const sent = await upload(admin, 'director.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]), { docType: 'DIRECTOR_ID' });
      await upstream.client.dev('POST', '/dev/documents/review', { id: sent.body.id, status: 'REJECTED', reason: 'Unreadable copy' });
      expect((await documents(admin)).data.find((d) => d.id === sent.body.id)).toMatchObject({ status: 'REJECTED', reason: 'Unreadable copy' });
    });

    it('keeps the first customer\'s documents from other@demo.test: not listed, not downloaded, not removed', async () => {
      const mine = await upload(admin, 'private.pdf', PDF);
      const seen = await documents(other);
      const [foreignCount] = await upstream.db.query<{ n: number }>("SELECT count(*)::int AS n FROM documents WHERE customer_no = 'C0001'");
      expect(foreignCount?.n).toBeGreaterThan(0);
      expect(seen.data.map((d) => d.fileName)).not.toContain('private.pdf');
      expect(seen.total).toBe(0);
      expect((await call(other, 'GET', '/api/MerchantDocument/DownloadDocument', { id: mine.body.id })).status).toBe(404);
      expect((await call(other, 'DELETE', '/api/MerchantDocument/DeleteDocument', { id: mine.body.id })).status).toBe(404);
      expect((await documents(admin)).data.map((d) => d.id)).toContain(mine.body.id);
    });

    it('refuses users without the upload documents menu and partners', async () => {
      const maker = (await upstream.client.login('maker@demo.test')).token;
      const partner = (await upstream.client.login('partner@demo.test')).token;
      expect((await upload(maker, 'a.pdf', PDF)).status).toBe(403);
      expect((await call(partner, 'GET', '/api/MerchantDocument/GetDocumentList')).status).toBe(403);
    });

    it('asks for a renewed business registration within 30 days of its expiry, until one is with the provider', async () => {
      const renewals = async () => (await call<{ data: { merchant_no: string; daysLeft: number; pending: boolean }[] }>(admin, 'GET', '/api/MerchantDocument/GetBrRenewals')).body.data;
      const due = await dueRenewals();
      expect((await renewals()).map(({ merchant_no, pending }) => ({ merchant_no, pending }))).toEqual(due.map((merchant_no) => ({ merchant_no, pending: false })));
      expect((await renewals()).find((row) => row.merchant_no === firstMerchant)?.daysLeft).toBe(21);
      expect(await call<{ data: unknown[] }>(other, 'GET', '/api/MerchantDocument/GetBrRenewals').then((a) => a.body.data)).toEqual([]);
      await upload(admin, 'br-renewed.pdf', PDF, { docType: 'BUSINESS_REGISTRATION', merchant_no: firstMerchant });
      expect((await renewals()).map(({ merchant_no, pending }) => ({ merchant_no, pending }))).toEqual(due.map((merchant_no) => ({ merchant_no, pending: merchant_no === firstMerchant })));
    });
  });
});
