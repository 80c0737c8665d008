import { createHash } from 'node:crypto';
import { addDays, toIsoDay, type CalendarDay } from '../../lib/format/date';
import { BR_RENEWAL_DAYS } from '../../lib/documents/rules';
import type { Queryable } from '../db/database';

/** Issue 15's demo data: notices of each kind, and documents in each status. */

const at = (anchor: CalendarDay, daysAgo: number, hour = 9) => `${toIsoDay(addDays(anchor, -daysAgo))} ${String(hour).padStart(2, '0')}:00:00`;

type Notice = [customer: string | null, account: string | null, kind: 'NEWS' | 'NOTICE', important: boolean, daysAgo: number, title: [string, string, string], body: [string, string, string]];

const NOTICES: Notice[] = [
  [null, null, 'NEWS', false, 20, ['WeChat Pay fee update', '微信支付費率更新', '微信支付费率更新'], [
    'WeChat Pay fees change from next month; see your payment services.',
    '微信支付費率將於下月起調整，詳情請查閱支付服務。',
    '微信支付费率将于下月起调整，详情请查阅支付服务。',
  ]],
  [null, null, 'NEWS', false, 12, ['Alipay+ wallets now accepted', '現已接受 Alipay+ 錢包', '现已接受 Alipay+ 钱包'], [
    'Your terminals now accept the wallets of the Alipay+ network at no extra fee.',
    '您的終端機現已接受 Alipay+ 網絡的錢包付款，無須額外費用。',
    '您的终端现已接受 Alipay+ 网络的钱包付款，无须额外费用。',
  ]],
  [null, null, 'NOTICE', false, 5, ['Scheduled maintenance', '系統維護通知', '系统维护通知'], [
    'The portal will be unavailable from 02:00 to 04:00 this Sunday.',
    '本週日 02:00 至 04:00 平臺將暫停服務。',
    '本周日 02:00 至 04:00 平台将暂停服务。',
  ]],
  ['C0001', null, 'NOTICE', false, 2, ['Store photos requested', '請提交店鋪照片', '请提交店铺照片'], [
    'Please upload photos of the shop front and counter of each new store under Upload documents.',
    '請在「上傳文件」上傳每間新店鋪的門面及收銀櫃檯照片。',
    '请在“上传文件”上传每间新店铺的门面及收银柜台照片。',
  ]],
  ['C0002', null, 'NOTICE', false, 4, ['Bank account check', '銀行帳戶核對', '银行账户核对'], [
    'We are checking the bank account your remittances are paid to; no action is needed.',
    '我們正在核對您收取匯款的銀行帳戶，您無須採取任何行動。',
    '我们正在核对您收取汇款的银行账户，您无须采取任何行动。',
  ]],
  // Important, so it opens as a dialog after sign-in until acknowledged; addressed to one user so the demo's other users are not interrupted.
  ['C0002', 'other@demo.test', 'NOTICE', true, 1, ['Updated card acceptance terms', '信用卡收單條款更新', '信用卡收单条款更新'], [
    'The card acceptance terms change on the 1st of next month. Please read them and acknowledge this notice.',
    '信用卡收單條款將於下月 1 日更新，請閱讀並確認此通知。',
    '信用卡收单条款将于下月 1 日更新，请阅读并确认此通知。',
  ]],
];

export async function insertNotifications(db: Queryable, anchor: CalendarDay) {
  for (const [customerNo, account, kind, important, daysAgo, title, body] of NOTICES) {
    await db.query(
      `INSERT INTO notifications (customer_no, user_id, kind, important, created_at, title_en, title_zh_tw, title_zh_cn, body_en, body_zh_tw, body_zh_cn)
       VALUES ($1, (SELECT user_id FROM users WHERE account = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [customerNo, account, kind, important, at(anchor, daysAgo), ...title, ...body],
    );
  }
}

/** A one-page PDF and a 1 x 1 PNG: small, but real files of their types. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

type Document = [merchantSeq: number | null, docType: string, fileName: string, status: string, reason: string | null, daysAgo: number];

/** The first customer's documents, one in each status. */
const DOCUMENTS: Document[] = [
  [1, 'BANK_PROOF', 'bank-statement-2026-09.pdf', 'ACCEPTED', null, 40],
  [null, 'DIRECTOR_ID', 'director-chan-tai-man.pdf', 'REJECTED', 'The copy is unreadable; please scan both sides in colour.', 25],
  [0, 'STORE_PHOTO', 'shop-front.png', 'UNDER_REVIEW', null, 6],
  [0, 'OTHER', 'menu-price-list.pdf', 'RECEIVED', null, 1],
];

/**
 * Documents in each status for the first customer, and one of its merchants whose business
 * registration expires within the renewal window, so the screen and the notice ask for a new one.
 */
export async function insertDocuments(db: Queryable, anchor: CalendarDay) {
  const merchants = (await db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001' ORDER BY merchant_no")).map((r) => r.merchant_no);
  await db.query('UPDATE merchants SET br_expiry_date = $2 WHERE merchant_no = $1', [merchants[0], toIsoDay(addDays(anchor, BR_RENEWAL_DAYS - 9))]);
  for (const [merchantSeq, docType, fileName, status, reason, daysAgo] of DOCUMENTS) {
    const content = fileName.endsWith('.png') ? PNG : PDF;
    await db.query(
      `INSERT INTO documents (customer_no, merchant_no, doc_type, file_name, content_type, size_bytes, sha256, content, status, reason, uploaded_by, uploaded_at, reviewed_at)
       VALUES ('C0001', $1, $2, $3, $4, $5, $6, decode($7, 'base64'), $8, $9, (SELECT user_id FROM users WHERE account = 'admin'), $10, $11)`,
      [
        merchantSeq === null ? null : merchants[merchantSeq], docType, fileName, fileName.endsWith('.png') ? 'image/png' : 'application/pdf', content.length,
        createHash('sha256').update(content).digest('hex'), content.toString('base64'), status, reason, at(anchor, daysAgo), status === 'RECEIVED' ? null : at(anchor, daysAgo - 1, 15),
      ],
    );
  }
}
