import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Big from 'big.js';
import { DEFAULT_TRANS_TYPES, SUMMARY_CATEGORIES } from '@/lib/domain/transaction-types';
import { addDays, toIsoDay, today } from '@/lib/format/date';
import { formatAmount, formatCount } from '@/lib/format/money';
import { transactionsList } from '@/lib/lists/transactions';
import en from '@/messages/en.json';
import zhCN from '@/messages/zhCN.json';
import zhTW from '@/messages/zhTW.json';
import { sheetRows, unzip } from '../../unit/export/unzip';
import { startTestUpstream, type TestUpstream, watchExportPages } from '../upstream/harness';
import { Browser } from './browser';
import { portalEnv } from './setup-env';

/** Rows the services read per query of the export stream here: a year is many pages. */
const PAGE_ROWS = 100;
let upstream: TestUpstream;
let exportPages: { queries: number; delayMs: number };
beforeAll(async () => {
  upstream = await startTestUpstream('pglite', { exportPageRows: PAGE_ROWS }, 20_000);
  portalEnv(upstream.url);
  exportPages = watchExportPages(upstream);
});
afterAll(() => upstream.stop());
afterEach(() => {
  exportPages.delayMs = 0;
  delete process.env.API_URL;
  jest.restoreAllMocks();
});

type Messages = { [key: string]: string | Messages };
const message = (messages: Messages, key: string) => key.split('.').reduce<string | Messages>((m, part) => (m as Messages)[part] as string | Messages, messages) as string;

const year = { from: toIsoDay(addDays(today(), -365)), to: toIsoDay(today()) };
const compact = (day: string) => day.replace(/-/g, '');
const exportPath = (params: Record<string, string | undefined>) =>
  `/api/export/transactions?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined))}`;

async function signedIn(account: string, language = 'en') {
  const browser = new Browser(language);
  expect((await browser.signIn(account)).status).toBe(200);
  return browser;
}

/** RFC 4180 as Excel reads it: quoted fields may hold commas, quotes and line breaks; records end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') throw new Error(`a bare line break at ${i}`);
    else field += c;
  }
  if (field || row.length) throw new Error('the last record has no CRLF');
  return rows;
}

/** The file's parts: the header, the data rows, and the totals table after the blank line. */
function csvParts(text: string) {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows = parseCsv(text.slice(1));
  const blank = rows.findIndex((r) => r.length === 1 && r[0] === '');
  return { header: rows[0] as string[], data: rows.slice(1, blank), totals: rows.slice(blank + 1) };
}

const readText = async (response: Response) => new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await response.arrayBuffer());

interface DbRow { order_no: string; merchant_no: string; amount: string; category: string }

/** The view asked of the database itself: the first customer's default types over the days, newest first. */
async function databaseView(customer: string, from: string, to: string, extra = '') {
  return upstream.db.query<DbRow>(
    `SELECT order_no, merchant_no, trans_amount::text AS amount, category FROM transactions
      WHERE customer_no = $1 AND gmt_payment BETWEEN $2 AND $3 AND trans_type = ANY($4) ${extra}
      ORDER BY gmt_payment DESC, id DESC`,
    [customer, `${from} 00:00:00`, `${to} 23:59:59`, DEFAULT_TRANS_TYPES],
  );
}

/** An amount as the portal shows it: money going out (a void, a refund) with its minus sign. */
const shownAmount = (amount: string, category: string) => (category === 'VOID' || category === 'REFUND' ? new Big(amount).neg() : new Big(amount));

/** Totals computed by the test from the database rows, in exact decimals (`upstream`: as the services sum them, unsigned). */
function expectedTotals(rows: DbRow[]) {
  const sum = (category: string) => rows.filter((r) => r.category === category).reduce((total, r) => total.plus(r.amount), new Big(0));
  const net = sum('SALE').minus(sum('VOID')).minus(sum('REFUND'));
  return {
    count: rows.length,
    net: net.toFixed(2),
    categories: SUMMARY_CATEGORIES.map((name) => ({ name, count: rows.filter((r) => r.category === name).length, amount: shownAmount(sum(name).toFixed(2), name).toFixed(2) })),
    upstream: SUMMARY_CATEGORIES.map((name) => ({ name, count: rows.filter((r) => r.category === name).length, amount: sum(name).toFixed(2) })),
  };
}

const DEFAULT_COLUMNS = transactionsList.columns.filter((c) => !c.optional);

async function progressOf(browser: Browser, id: string) {
  return browser.call<{ ok: boolean; data?: { written: number; total: number; done: boolean; cancelled: boolean; failed: boolean; error?: { code: string; message: string } }; error?: { code: string } }>(
    'GET', `/api/export/progress?id=${id}`,
  );
}

describe('the CSV export of a view', () => {
  it("writes admin's year: every row of the database in the view's order, totals equal to the realtime summary and to the database", async () => {
    const browser = await signedIn('admin');
    const id = randomUUID();
    const response = await browser.open(exportPath({ format: 'csv', id, ...year }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const name = `transactions_${compact(year.from)}_${compact(year.to)}.csv`;
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    const { header, data, totals } = csvParts(await readText(response));

    const db = await databaseView('C0001', year.from, year.to);
    expect(db.length).toBeGreaterThan(5000);
    expect(response.headers.get('x-export-total')).toBe(String(db.length));
    expect(header).toEqual(DEFAULT_COLUMNS.map((c) => message(en, c.label)));
    const at = (id: string) => DEFAULT_COLUMNS.findIndex((c) => c.id === id);
    expect(data.map((r) => [r[at('order')], r[at('amount')]])).toEqual(db.map((r) => [r.order_no, formatAmount(shownAmount(r.amount, r.category).toFixed())]));
    expect(data.every((r) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(r[at('time')] as string))).toBe(true);

    const expected = expectedTotals(db);
    expect(totals).toEqual([
      ['Summary', 'Count', 'Amount (HKD)'],
      ['Net total', formatCount(expected.count), formatAmount(expected.net)],
      ...expected.categories.map((c) => [message(en, `tx.summary.${c.name}`), formatCount(c.count), formatAmount(c.amount)]),
    ]);

    // The page's own call says the same.
    const realtime = await browser.call<{ data: { total: number; totalAmount: string; summary: { name: string; count: number; amount: string }[] } }>(
      'POST', '/api/gateway/realtimeTransactions', { input: { gmtPaymentFrom: `${compact(year.from)}000000`, gmtPaymentTo: `${compact(year.to)}235959`, limit: 1 } },
    );
    expect(realtime.body.data.total).toBe(data.length);
    expect(new Big(realtime.body.data.totalAmount).eq(expected.net)).toBe(true);
    expect(realtime.body.data.summary.map((s) => [s.name, s.count, new Big(s.amount).toFixed(2)])).toEqual(expected.upstream.map((c) => [c.name, c.count, c.amount]));

    expect((await progressOf(browser, id)).body).toEqual({ ok: true, data: { written: db.length, total: db.length, done: true, cancelled: false, failed: false } });
  });

  it('writes the chosen columns in the order given, in the language of the user, sorted as the view', async () => {
    const browser = await signedIn('admin', 'zh-TW');
    // Not three days back: that is the seed's low day for C0001 (TIP_SHAPES.lowDay), one sale that may be of a type the view leaves out.
    const day = toIsoDay(addDays(today(), -5));
    const response = await browser.open(exportPath({ format: 'csv', id: randomUUID(), from: day, to: day, columns: 'amount,order,rrn,settleDate', sort: 'trans_amount', dir: 'asc' }));
    const { header, data, totals } = csvParts(await readText(response));
    expect(header).toEqual([zhTW.tx.amount, zhTW.tx.order, zhTW.tx.rrn, zhTW.tx.settleDate]);
    const db = await upstream.db.query<{ amount: string; order_no: string; refno: string; category: string }>(
      `SELECT trans_amount::text AS amount, order_no, refno, category FROM transactions WHERE customer_no = 'C0001' AND gmt_payment BETWEEN $1 AND $2 AND trans_type = ANY($3)
        ORDER BY trans_amount ASC, id ASC`,
      [`${day} 00:00:00`, `${day} 23:59:59`, DEFAULT_TRANS_TYPES],
    );
    expect(db.length).toBeGreaterThan(0);
    expect(data.map((r) => r.slice(0, 3))).toEqual(db.map((r) => [formatAmount(shownAmount(r.amount, r.category).toFixed()), r.order_no, r.refno]));
    expect(data.every((r) => r.length === 4 && /^(\d{4}-\d{2}-\d{2}|-)$/.test(r[3] as string))).toBe(true);
    expect(totals.map((r) => r[0])).toEqual([zhTW.export.totals.summary, zhTW.export.totals.net, zhTW.tx.summary.SALE, zhTW.tx.summary.VOID, zhTW.tx.summary.REFUND]);
  });
});

describe('the xlsx export', () => {
  it('gives the same rows and totals as the CSV, amounts as exact numeric cells', async () => {
    const browser = await signedIn('admin');
    const view = { from: toIsoDay(addDays(today(), -60)), to: year.to };
    const csv = csvParts(await readText(await browser.open(exportPath({ format: 'csv', id: randomUUID(), ...view }))));
    const response = await browser.open(exportPath({ format: 'xlsx', id: randomUUID(), ...view }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''transactions_${compact(view.from)}_${compact(view.to)}.xlsx`);
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    const sheet = (name: string) => sheetRows(entries.find((e) => e.name === name)?.text as string);
    const [header, ...rows] = sheet('xl/worksheets/sheet1.xml');
    expect(header?.cells.map((c) => [c.value, c.style])).toEqual(csv.header.map((label) => [label, 1]));

    const amount = DEFAULT_COLUMNS.findIndex((c) => c.id === 'amount');
    const db = await databaseView('C0001', view.from, view.to);
    expect(rows).toHaveLength(db.length);
    const letter = String.fromCharCode(65 + amount);
    expect(rows.map((r) => r.cells[amount])).toEqual(db.map((r, i) => ({ ref: `${letter}${i + 2}`, style: 2, type: 'n', value: shownAmount(r.amount, r.category).toFixed() })));
    // Every other cell shows the CSV's text; amounts shown through their number format give the CSV's text too.
    expect(rows.map((r) => r.cells.map((c) => (c.type === 'n' ? formatAmount(c.value) : c.value)))).toEqual(csv.data);

    const [totalsHeader, ...totals] = sheet('xl/worksheets/sheet2.xml');
    expect(totalsHeader?.cells.map((c) => c.value)).toEqual(csv.totals[0]);
    expect(totals.map((r) => r.cells.map((c) => (c.style === 3 ? formatCount(c.value) : c.style === 2 ? formatAmount(c.value) : c.value)))).toEqual(csv.totals.slice(1));
    expect(entries.find((e) => e.name === 'xl/workbook.xml')?.text).toContain('<sheet name="Real-time transaction" sheetId="1" r:id="rId1"/><sheet name="Totals" sheetId="2" r:id="rId2"/>');
  });
});

describe('what a user may export', () => {
  it("gives other@demo.test none of the first customer's transactions, whatever filters it sends", async () => {
    const browser = await signedIn('other@demo.test');
    const merchants = (await upstream.db.query<{ merchant_no: string }>("SELECT merchant_no FROM merchants WHERE customer_no = 'C0001'")).map((m) => m.merchant_no);
    const foreign = await upstream.db.query<{ order_no: string; out_trade_no: string; refno: string }>(
      "SELECT order_no, out_trade_no, refno FROM transactions WHERE customer_no = 'C0001' ORDER BY id DESC LIMIT 3",
    );
    const foreignOrders = new Set((await upstream.db.query<{ order_no: string }>("SELECT order_no FROM transactions WHERE customer_no = 'C0001'")).map((r) => r.order_no));
    const exportOf = async (filters: Record<string, string | undefined>) => {
      const response = await browser.open(exportPath({ format: 'csv', id: randomUUID(), columns: 'merchant,order,rrn,eft', ...filters }));
      expect(response.status).toBe(200);
      return { total: response.headers.get('x-export-total'), ...csvParts(await readText(response)) };
    };
    const own = await exportOf(year);
    expect(own.data.length).toBeGreaterThan(100);
    expect(own.data.filter((r) => merchants.includes(r[0] as string) || foreignOrders.has(r[1] as string))).toEqual([]);
    for (const filters of [
      { ...year, merchant: merchants[0] },
      ...foreign.flatMap((t) => [{ order: t.order_no }, { eft: t.out_trade_no }, { rrn: t.refno }]),
      { ...year, merchant: merchants[1], order: foreign[0]?.order_no },
    ]) {
      const answer = await exportOf(filters);
      expect({ filters, total: answer.total, rows: answer.data }).toEqual({ filters, total: '0', rows: [] });
      expect(answer.totals[1]).toEqual(['Net total', '0', '0.00']);
    }
  });

  it('refuses a span over 366 days with its message, in the user language', async () => {
    const browser = await signedIn('admin');
    const from = toIsoDay(addDays(today(), -367));
    const answer = await browser.call('GET', exportPath({ format: 'csv', id: randomUUID(), from, to: year.to }));
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { ok: false, error: { code: 'INVALID_INPUT', message: 'The date range can span at most 366 days.' } } });
    const chinese = await signedIn('admin', 'zh-CN');
    expect((await chinese.call('GET', exportPath({ format: 'xlsx', id: randomUUID(), from, to: year.to }))).body.error?.message).toBe(zhCN.validation.spanTooLong.replace('{maxDays}', '366'));
    // 366 days exactly is a view the page shows, so it exports.
    const longest = await browser.open(exportPath({ format: 'csv', id: randomUUID(), from: toIsoDay(addDays(today(), -366)), to: year.to }));
    expect(longest.status).toBe(200);
    await longest.body?.cancel();
  });

  it('refuses role 5 without an exact key, and gives it the one transaction of its key', async () => {
    const browser = await signedIn('viewer@demo.test');
    const refused = await browser.call('GET', exportPath({ format: 'csv', id: randomUUID(), ...year }));
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { ok: false, error: { code: 'SINGLE_SEARCH_ONLY', message: en.tx.singleOnly } } });
    const [sale] = await upstream.db.query<{ order_no: string }>("SELECT order_no FROM transactions WHERE customer_no = 'C0001' AND trans_type = '11' ORDER BY id DESC LIMIT 1");
    const response = await browser.open(exportPath({ format: 'csv', id: randomUUID(), order: sale?.order_no, columns: 'order' }));
    expect(response.headers.get('x-export-total')).toBe('1');
    expect(csvParts(await readText(response)).data).toEqual([[sale?.order_no]]);
  });

  it('refuses a signed-out request with 401, and a cross-site one with 403', async () => {
    const path = exportPath({ format: 'csv', id: randomUUID(), ...year });
    const signedOut = await new Browser().call('GET', path);
    expect({ status: signedOut.status, body: signedOut.body }).toEqual({ status: 401, body: { ok: false, error: { code: 'NOT_SIGNED_IN', message: 'Please sign in.' } } });
    expect((await new Browser().call('GET', `/api/export/progress?id=${randomUUID()}`)).status).toBe(401);

    const browser = await signedIn('admin');
    const crossSite: Record<string, string>[] = [{ origin: 'https://evil.test' }, { origin: '', 'sec-fetch-site': 'cross-site' }, { origin: '', 'sec-fetch-site': 'same-site' }, { origin: '' }];
    for (const headers of crossSite) {
      const answer = await browser.call('GET', path, undefined, headers);
      expect({ headers, status: answer.status, body: answer.body }).toEqual({ headers, status: 403, body: { ok: false, error: { code: 'CROSS_SITE', message: en.gateway.CROSS_SITE } } });
    }
    // A download link on the portal's own page: no Origin on a GET, Sec-Fetch-Site same-origin.
    const link = await browser.open(path, { headers: { origin: '', 'sec-fetch-site': 'same-origin' } });
    expect(link.status).toBe(200);
    await link.body?.cancel();
  });

  it('refuses an unknown format, column or id with its message', async () => {
    const browser = await signedIn('admin');
    for (const [params, text] of [
      [{ format: 'pdf', id: randomUUID() }, en.export.invalidFormat],
      [{ id: randomUUID() }, en.export.invalidFormat],
      [{ format: 'csv', id: 'not-a-uuid' }, en.export.invalidId],
      [{ format: 'csv', id: randomUUID(), columns: 'order,password' }, en.export.invalidColumns],
      [{ format: 'csv', id: randomUUID(), columns: ',' }, en.export.invalidColumns],
      [{ format: 'csv', id: randomUUID(), amountFrom: '12.345' }, en.validation.amount],
    ] as const) {
      const answer = await browser.call('GET', exportPath({ ...year, ...params }));
      expect({ params, status: answer.status, error: answer.body.error }).toEqual({ params, status: 400, error: { code: 'INVALID_INPUT', message: text } });
    }
  });
});

describe('one export at a time, its progress and its cancel', () => {
  /** Counts the portal's upstream export calls (the real calls go on: nothing is faked). */
  function countExportCalls() {
    const calls: string[] = [];
    const fetch = globalThis.fetch;
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/api/Transaction/ExportTransRealtime')) calls.push(url);
      return fetch(input, init);
    });
    return calls;
  }

  it('reads the rows as one upstream stream and stops it when the download is aborted: the services read no further page, the progress says cancelled', async () => {
    // Each page takes a while, as a large table's would: the download is aborted long before the last one.
    exportPages.delayMs = 20;
    const calls = countExportCalls();
    const browser = await signedIn('admin');
    const id = randomUUID();
    const download = new AbortController();
    exportPages.queries = 0;
    const response = await browser.open(exportPath({ format: 'csv', id, ...year }), { signal: download.signal });
    const total = Number(response.headers.get('x-export-total'));
    const pages = Math.ceil(total / PAGE_ROWS);
    expect(pages).toBeGreaterThan(50);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    const running = (await progressOf(browser, id)).body.data;
    expect(running).toMatchObject({ total, done: false, cancelled: false });
    expect(running?.written).toBeGreaterThan(0);

    download.abort();
    // The stream ends by itself, without the rest of the file.
    let rest = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const atAbort = exportPages.queries;
    await new Promise((resolve) => setTimeout(resolve, 700));
    // The upstream connection closed with the download: the services started no page after it.
    expect(exportPages.queries).toBe(atAbort);
    expect(atAbort).toBeLessThan(pages / 4);
    expect(calls).toHaveLength(1);
    expect(rest).toBeLessThan(200_000);

    const progress = (await progressOf(browser, id)).body.data;
    expect(progress).toMatchObject({ total, done: false, cancelled: true, failed: false });
    expect(progress?.written).toBeLessThan(total);
    // The slot is free again.
    const next = await browser.open(exportPath({ format: 'csv', id: randomUUID(), ...year, columns: 'order' }));
    expect(next.status).toBe(200);
    await next.body?.cancel();
  });

  it('refuses a second export of the same session while one runs, not one of another session', async () => {
    exportPages.delayMs = 20;
    const browser = await signedIn('admin');
    const first = await browser.open(exportPath({ format: 'xlsx', id: randomUUID(), ...year }));
    expect(first.status).toBe(200);
    const second = await browser.call('GET', exportPath({ format: 'csv', id: randomUUID(), ...year }));
    expect({ status: second.status, body: second.body }).toEqual({ status: 409, body: { ok: false, error: { code: 'DUPLICATE_REQUEST', message: en.gateway.DUPLICATE_REQUEST } } });
    const elsewhere = await (await signedIn('admin')).open(exportPath({ format: 'csv', id: randomUUID(), ...year, columns: 'order' }));
    expect(elsewhere.status).toBe(200);
    await elsewhere.body?.cancel();
    // Cancelling the download (the reader stops) ends the export and frees the slot.
    await first.body?.cancel();
    const third = await browser.open(exportPath({ format: 'csv', id: randomUUID(), ...year, columns: 'order' }));
    expect(third.status).toBe(200);
    await third.body?.cancel();
  });

  it("shows a session only its own exports' progress", async () => {
    const browser = await signedIn('admin');
    const id = randomUUID();
    await readText(await browser.open(exportPath({ format: 'csv', id, from: year.to, to: year.to })));
    expect((await progressOf(browser, id)).body.data).toMatchObject({ done: true, cancelled: false });
    const other = await signedIn('admin');
    const answer = await progressOf(other, id);
    expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 404, code: 'EXPORT_NOT_FOUND' });
    expect((await browser.call('GET', '/api/export/progress?id=x')).status).toBe(400);
  });
});

describe('an upstream stream the portal cannot trust', () => {
  const EXPORT_CALL = '/api/Transaction/ExportTransRealtime';
  const PASSED = ['x-eftpay-token', 'x-request-id', 'x-forwarded-for', 'accept'];

  /**
   * The real services behind a relay that passes every call through and changes the export's
   * stream on the way (the faults the services cannot be made to produce: a line corrupted or
   * lost in transit, a connection cut at a line's end).
   */
  async function relay(change: (lines: string[]) => string | Buffer) {
    const server = createServer((request, response) => {
      void (async () => {
        const answer = await fetch(`${upstream.url}${request.url}`, { method: request.method, headers: Object.fromEntries(Object.entries(request.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && PASSED.includes(e[0]))) });
        const text = await answer.text();
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json', 'x-server-version': answer.headers.get('x-server-version') ?? '' });
        response.end(request.url?.startsWith(EXPORT_CALL) && answer.status === 200 ? change(text.split('\n').slice(0, -1)) : text);
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const view = { from: toIsoDay(addDays(today(), -30)), to: year.to };
  const lines = (list: string[]) => `${list.join('\n')}\n`;
  const withRow = (list: string[], index: number, change: (row: string[], columns: string[]) => unknown) => {
    const { columns } = JSON.parse(list[0] as string) as { columns: string[] };
    return lines(list.map((line, i) => (i === index ? JSON.stringify(change(JSON.parse(line) as string[], columns)) : line)));
  };

  it.each([
    ['an amount that is not a decimal', (list: string[]) => withRow(list, 40, (row, columns) => row.map((v, i) => (columns[i] === 'trans_amount' ? '1e3' : v)))],
    ['an unknown category', (list: string[]) => withRow(list, 40, (row, columns) => row.map((v, i) => (columns[i] === 'category' ? 'GIFT' : v)))],
    ['a row with a field missing', (list: string[]) => withRow(list, 40, (row) => row.slice(1))],
    ['a number where text belongs', (list: string[]) => withRow(list, 40, (row) => row.map((v, i) => (i === 0 ? 42 : v)))],
    ['a line that is not JSON', (list: string[]) => lines(list.map((line, i) => (i === 40 ? line.slice(0, 20) : line)))],
    ['a line that is not UTF-8', (list: string[]) => Buffer.concat([Buffer.from(lines(list.slice(0, 40))), Buffer.from([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d, 0x0a]), Buffer.from(lines(list.slice(41)))])],
    ['a stream cut at a line end, before its tail', (list: string[]) => lines(list.slice(0, -1))],
    ['a stream cut mid-line', (list: string[]) => lines(list).slice(0, -30)],
    ['a lost row (the tail counts one more)', (list: string[]) => lines(list.filter((_, i) => i !== 40))],
    ['rows after the tail', (list: string[]) => lines([...list, list[1] as string])],
    ['a head naming other columns', (list: string[]) => lines([JSON.stringify({ columns: ['order_no'] }), ...list.slice(1)])],
  ])('fails the export on %s: no file that looks whole, the progress says why in the user language, the activity log says failed', async (_fault, change) => {
    const services = await relay(change);
    process.env.API_URL = services.url;
    try {
      const browser = await signedIn('admin', 'zh-TW');
      const id = randomUUID();
      const before = Number((await upstream.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM activity_log'))[0]?.id);
      const response = await browser.open(exportPath({ format: 'csv', id, ...view }));
      const read = await response
        .arrayBuffer()
        .then((body) => ({ complete: true, text: new TextDecoder().decode(body) }))
        .catch(() => ({ complete: false, text: '' }));
      // Either nothing was sent at all, or the download broke off: never a file with a totals table.
      if (response.status === 200) expect(read.complete).toBe(false);
      else expect(response.status).toBe(502);
      expect(read.text).not.toContain(zhTW.export.totals.net);

      const progress = (await progressOf(browser, id)).body;
      if (response.status === 200) {
        expect(progress.data).toMatchObject({ done: false, cancelled: true, failed: true, error: { code: 'INVALID_ANSWER', message: zhTW.gateway.INVALID_ANSWER } });
        const [entry] = await upstream.db.query<{ outcome: string }>("SELECT outcome FROM activity_log WHERE id > $1 AND action = 'file.export'", [before]);
        expect(entry?.outcome).toBe('failed');
      } else {
        expect((await response.json()) as unknown).toMatchObject({ ok: false, error: { code: 'INVALID_ANSWER', message: expect.stringContaining(zhTW.gateway.INVALID_ANSWER) } });
      }
      // The slot is free again.
      delete process.env.API_URL;
      const next = await browser.open(exportPath({ format: 'csv', id: randomUUID(), ...view, columns: 'order' }));
      expect(next.status).toBe(200);
      await next.body?.cancel();
    } finally {
      await services.close();
    }
  });

  it('fails the export with the services\' own error line, said as the service failing', async () => {
    const services = await relay((list) => lines([...list.slice(0, -1), JSON.stringify({ error: { code: 'INTERNAL', description: 'The service failed; try again later' } })]));
    process.env.API_URL = services.url;
    try {
      const browser = await signedIn('admin');
      const id = randomUUID();
      const response = await browser.open(exportPath({ format: 'xlsx', id, ...view }));
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
      expect((await progressOf(browser, id)).body.data).toMatchObject({ failed: true, error: { code: 'UPSTREAM_FAILED', message: en.gateway.UPSTREAM_FAILED } });
    } finally {
      await services.close();
    }
  });
});
