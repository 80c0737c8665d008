import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import en from '../../messages/en.json';
import zhCN from '../../messages/zhCN.json';
import zhTW from '../../messages/zhTW.json';
import { PAY_METHODS, TEST_CARD, type PayMethod } from '../../lib/collect/codes';
import { wallClock } from '../../lib/format/date';
import { formatMoney } from '../../lib/format/money';
import { detectLanguage } from '../../lib/i18n/detect';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_NAMES, LANGUAGE_TAGS, LANGUAGES, type Language } from '../../lib/i18n/languages';
import { localField } from '../../lib/i18n/names';
import { BodyTooLarge, readBodyCapped } from '../http/body';
import type { PublicContext, Services } from '../http/endpoint';
import { ServiceError } from '../http/errors';
import { runWrites } from '../http/transaction';
import { writeActivity } from '../services/activity';
import { payRequest, requestByToken, requestFromStoreCode, storeByToken, type PayableRequest, type PayNames } from '../services/collect';

/**
 * The provider's payment page as a payer sees it, in demo and test mode only (in production the
 * provider's real payment page is there): GET /pay/{token} shows a payment request and pays it with
 * the test card or a wallet; GET /pay/store/{token} is a store's QR code, where the payer types the
 * amount. Plain server HTML, no script; texts from the portal's message files (`payPage`).
 */

const MESSAGES: Record<Language, { payPage: Record<string, string> }> = { en, zhTW, zhCN };

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A message with its {placeholders} filled (escaped). */
function translator(language: Language) {
  const messages = MESSAGES[language].payPage;
  return (key: string, values: Record<string, string> = {}) => escape(messages[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => escape(values[name] ?? ''));
}

/** `?lang=` (the page's own switcher), else the portal's language cookie, else Accept-Language. */
function languageOf(c: Context): Language {
  const asked = c.req.query('lang');
  return isLanguage(asked) ? asked : detectLanguage(getCookie(c, LANGUAGE_COOKIE), c.req.header('accept-language'));
}

/** The page's token in a URL must not travel on (Referer), be cached, framed, or run script. */
const HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

// Every text passes WCAG 2.2 AA on its background: the portal's blue (#0b5cab, 6.7:1 under white text) rather than
// #1677ff (4.1:1), and placeholders at #707070 (4.9:1) rather than the browser's grey (2.3:1).
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI","PingFang TC","Microsoft JhengHei","Noto Sans CJK TC",sans-serif;background:#f0f2f5;color:#1f1f1f}
main{max-width:480px;margin:0 auto;padding:16px}header{display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap;margin-bottom:12px}
header strong{font-size:18px}nav a{margin-left:8px;color:#0b5cab;font-size:14px}.card{background:#fff;border-radius:8px;padding:20px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.test{background:#fffbe6;border:1px solid #ffe58f;border-radius:6px;padding:8px 12px;font-size:14px;margin-bottom:12px}
dl{display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:6px 12px;margin:0 0 16px}dt{color:#595959}dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:28px;font-weight:600;margin:4px 0 16px;overflow-wrap:anywhere}fieldset{border:1px solid #d9d9d9;border-radius:6px;margin:0 0 12px;padding:8px 12px}
legend{padding:0 4px;color:#595959}label{display:block;margin:6px 0}input[type=text]{width:100%;padding:8px;font-size:16px;border:1px solid #d9d9d9;border-radius:6px}input::placeholder{color:#707070;opacity:1}
.row{display:flex;gap:8px}.row label{flex:1;min-width:0}button{width:100%;padding:10px;font-size:16px;background:#0b5cab;color:#fff;border:0;border-radius:6px;cursor:pointer}
.error{color:#a8071a;background:#fff1f0;border:1px solid #ffa39e;border-radius:6px;padding:8px 12px;margin-bottom:12px}
.done{color:#135200;background:#f6ffed;border:1px solid #b7eb8f;border-radius:6px;padding:8px 12px;margin-bottom:12px}.hint{font-size:14px;color:#595959}`;

function page(language: Language, body: string): string {
  const t = translator(language);
  const switcher = LANGUAGES.filter((other) => other !== language)
    .map((other) => `<a href="?lang=${other}" lang="${LANGUAGE_TAGS[other]}">${escape(LANGUAGE_NAMES[other])}</a>`)
    .join('');
  return `<!doctype html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${t('title')}</title><style>${STYLE}</style></head>
<body><main><header><strong>${t('title')}</strong><nav>${switcher}</nav></header><p class="test">${t('testMode')}</p><div class="card">${body}</div></main></body></html>`;
}

const message = (kind: 'error' | 'done', text: string) => `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${text}</p>`;

function requestPage(language: Language, request: PayableRequest, error?: string): string {
  const t = translator(language);
  const amount = escape(formatMoney(request.amount));
  const facts = [
    [t('merchant'), escape(localField(language, { ...request }, 'merchantName'))],
    [t('store'), escape(localField(language, { ...request }, 'storeName'))],
    ...(request.description ? [[t('description'), escape(request.description)]] : []),
    [t('requestNo'), escape(request.requestNo)],
    [t('expiresAt'), escape(request.expiresAt)],
  ];
  const head = `<div class="amount" data-testid="pay-amount">${amount}</div><dl>${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`;
  const state =
    request.status === 'PAID'
      ? message('done', t('paid', { refno: request.refno }))
      : request.status === 'OPEN'
        ? ''
        : message('error', t(request.status === 'EXPIRED' ? 'expired' : 'cancelled'));
  if (request.status !== 'OPEN') return page(language, head + state);
  const methods = (Object.keys(PAY_METHODS) as PayMethod[])
    .map((method, index) => `<label><input type="radio" name="method" value="${method}"${index === 0 ? ' checked' : ''}> ${t(`method${method}`)}</label>`)
    .join('');
  const form = `<form method="post">
<fieldset><legend>${t('methodLegend')}</legend>${methods}</fieldset>
<fieldset><legend>${t('cardLegend')}</legend><p class="hint">${t('cardHint', { card: '4242 4242 4242 4242' })}</p>
<label>${t('cardNumber')}<input type="text" name="cardNumber" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"></label>
<div class="row"><label>${t('cardExpiry')}<input type="text" name="cardExpiry" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY"></label>
<label>${t('cardCvc')}<input type="text" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"></label></div></fieldset>
<button type="submit">${t('pay', { amount })}</button></form>`;
  return page(language, head + (error ? message('error', error) : '') + form);
}

function storePage(language: Language, store: PayNames, error?: string, amount = ''): string {
  const t = translator(language);
  return page(
    language,
    `<dl><dt>${t('merchant')}</dt><dd>${escape(localField(language, { ...store }, 'merchantName'))}</dd><dt>${t('store')}</dt><dd>${escape(localField(language, { ...store }, 'storeName'))}</dd></dl>
${error ? message('error', error) : ''}<form method="post"><label>${t('amountLabel')}<input type="text" name="amount" inputmode="decimal" maxlength="16" value="${amount.length <= ECHO_MAX_CHARS ? escape(amount) : ''}" placeholder="0.00"></label>
<p class="hint">${t('amountHint')}</p><button type="submit">${t('continue')}</button></form>`,
  );
}

/** The test card's check: the number, an expiry month not past (the services' clock), a 3- or 4-digit CVC. */
function cardProblem(form: Record<string, unknown>, now: Date): string | null {
  const number = String(form.cardNumber ?? '').replace(/[\s-]/g, '');
  const expiry = /^(\d{2})\/(\d{2})$/.exec(String(form.cardExpiry ?? '').trim());
  const cvc = String(form.cardCvc ?? '').trim();
  const month = Number(expiry?.[1]);
  if (!/^\d{12,19}$/.test(number) || !expiry || month < 1 || month > 12 || !/^\d{3,4}$/.test(cvc)) return 'cardInvalid';
  const today = wallClock(now).day;
  if (2000 + Number(expiry[2]) < today.year || (2000 + Number(expiry[2]) === today.year && month < today.month)) return 'cardExpired';
  return number === TEST_CARD ? null : 'cardDeclined';
}

/** A payer's form is a handful of short fields: anything larger is not one of ours. */
export const PAY_FORM_MAX_BYTES = 4 * 1024;
/** The typed amount is shown again only when it is short (the field takes 16 characters). */
const ECHO_MAX_CHARS = 20;

/**
 * The form's fields as text, read up to PAY_FORM_MAX_BYTES and no further: `tooLarge` past it,
 * `malformed` for anything that is not a readable urlencoded or multipart form (files are ignored).
 */
async function readForm(c: Context): Promise<Record<string, string> | 'tooLarge' | 'malformed'> {
  let bytes: Buffer;
  try {
    bytes = await readBodyCapped(c.req.raw, PAY_FORM_MAX_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) return 'tooLarge';
    throw error;
  }
  const contentType = c.req.header('content-type') ?? '';
  const kind = contentType.split(';')[0]?.trim().toLowerCase();
  try {
    const entries =
      kind === 'application/x-www-form-urlencoded'
        ? new URLSearchParams(bytes.toString('utf8')).entries()
        : kind === 'multipart/form-data'
          ? (await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData()).entries()
          : null;
    if (!entries) return 'malformed';
    const fields: Record<string, string> = {};
    for (const [name, value] of entries) if (typeof value === 'string' && !Object.hasOwn(fields, name)) fields[name] = value;
    return fields;
  } catch {
    return 'malformed';
  }
}

/** A refusal's message on the page: the services' refusal codes, each with its translated words. */
const REFUSALS: Record<string, string> = {
  COLLECT_ALREADY_PAID: 'alreadyPaid',
  COLLECT_EXPIRED: 'expired',
  COLLECT_CANCELLED: 'cancelled',
  COLLECT_METHOD_UNAVAILABLE: 'methodUnavailable',
  COLLECT_AMOUNT_INVALID: 'amountInvalid',
  COLLECT_AMOUNT_TOO_LARGE: 'amountTooLarge',
};

export function mountPayPages(app: Hono, services: Services) {
  const { db, clock } = services;
  /** Runs a payer's step in one transaction with its activity-log entry, as every call does (the payer has no account). */
  const write = <T>(c: Context, work: (context: PublicContext) => Promise<T>) =>
    runWrites(db, (conn) => {
      const ip = (c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? '').slice(0, 64);
      const context: PublicContext = {
        ...services,
        db: conn,
        ip,
        log: (action, target = '', detail = {}, who = { userId: null, account: '' }, outcome = 'success') =>
          writeActivity(conn, { ...who, action, target, detail, ip, outcome, at: clock.timestamp() }),
        writes: (step) => step(context),
      };
      return work(context);
    });
  const notFoundPage = (c: Context, language: Language) => c.html(page(language, message('error', translator(language)('notFound'))), 404, HEADERS);

  app.get('/pay/store/:token', async (c) => {
    const language = languageOf(c);
    const store = await storeByToken(db, c.req.param('token'));
    return store ? c.html(storePage(language, store), 200, HEADERS) : notFoundPage(c, language);
  });

  app.post('/pay/store/:token', async (c) => {
    const language = languageOf(c);
    const token = c.req.param('token');
    const store = await storeByToken(db, token);
    if (!store) return notFoundPage(c, language);
    const form = await readForm(c);
    // A form too large or unreadable gets the page with its words, as a wrong amount does; nothing is made.
    if (typeof form === 'string') return c.html(storePage(language, store, translator(language)('amountInvalid')), form === 'tooLarge' ? 413 : 400, HEADERS);
    const amount = String(form.amount ?? '').trim();
    try {
      const made = await write(c, (context) => requestFromStoreCode(context, token, amount));
      return c.redirect(`/pay/${made.token}${c.req.query('lang') ? `?lang=${language}` : ''}`, 303);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return c.html(storePage(language, store, translator(language)(REFUSALS[error.code] ?? 'failed'), amount), 422, HEADERS);
    }
  });

  app.get('/pay/:token', async (c) => {
    const language = languageOf(c);
    const request = await requestByToken(db, clock, c.req.param('token'));
    return request ? c.html(requestPage(language, request), 200, HEADERS) : notFoundPage(c, language);
  });

  app.post('/pay/:token', async (c) => {
    const language = languageOf(c);
    const t = translator(language);
    const token = c.req.param('token');
    const request = await requestByToken(db, clock, token);
    if (!request) return notFoundPage(c, language);
    const form = await readForm(c);
    if (typeof form === 'string') return c.html(requestPage(language, request, t('failed')), form === 'tooLarge' ? 413 : 400, HEADERS);
    const method = String(form.method ?? '');
    if (!Object.hasOwn(PAY_METHODS, method)) return c.html(requestPage(language, request, t('methodRequired')), 422, HEADERS);
    const problem = method === 'CARD' ? cardProblem(form, clock.now()) : null;
    // A declined card changes nothing: no transaction, the request stays open.
    if (problem) return c.html(requestPage(language, request, t(problem)), 422, HEADERS);
    try {
      await write(c, (context) => payRequest(context, token, method as PayMethod));
      return c.redirect(`/pay/${token}${c.req.query('lang') ? `?lang=${language}` : ''}`, 303);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const now = (await requestByToken(db, clock, token)) ?? request;
      return c.html(requestPage(language, now, t(REFUSALS[error.code] ?? 'failed')), 409, HEADERS);
    }
  });
}
