import 'server-only';
import PDFDocument from 'pdfkit';
import type { createTranslator } from 'next-intl';
import type { GatewayResult } from '../gateway/client';
import { errorMessageKey } from '../gateway/message-key';
import { formatDay8 } from '../format/date';
import { formatAmount, formatCount, formatMoney } from '../format/money';
import { codeName, type CodeTranslator } from '../list-kit/cells';
import type { Language } from '../i18n/languages';
import { CHART_PALETTE, compareWeeks, plotValue, shortDay, signedChange } from './figures';
import type { DashboardPanel, PanelData } from './load';
import { applyPdfFont } from '../pdf/font';

type Translator = ReturnType<typeof createTranslator>;
export type DashboardAnswers = { [P in DashboardPanel]: GatewayResult<PanelData<P>> };

const PAGE = { margin: 48, width: 595.28 - 96 };
const GREY = '#595959';

/** The dashboard as a PDF, from the same answers and the same formats as the page. */
export function dashboardPdf(answers: DashboardAnswers, t: Translator, language: Language, meta: { account: string; generated: string; period: { from: string; to: string } }): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: t('dashboard.pdf.title'), Author: meta.account }, bufferPages: false });
  applyPdfFont(doc, language);

  const failed = (answer: GatewayResult<unknown>) => (answer.ok ? null : `${t('dashboard.loadFailed')} ${t(errorMessageKey(answer.error) as never, (answer.error.params ?? {}) as never)}`);
  const heading = (text: string) => {
    if (doc.y > 720) doc.addPage();
    doc.moveDown(0.8).fontSize(13).fillColor('black').text(text).moveDown(0.3).fontSize(10);
  };

  const counts = answers.counts.ok ? answers.counts.data : null;
  doc.fontSize(18).text(t('dashboard.pdf.title'));
  if (counts) doc.fontSize(12).text(counts.customer_name);
  doc.fontSize(9).fillColor(GREY).text(t('dashboard.pdf.generated', { time: meta.generated, account: meta.account })).text(t('dashboard.period', meta.period)).fillColor('black');

  heading(t('dashboard.totals.title'));
  if (answers.totals.ok) table(doc, [t('dashboard.count'), t('dashboard.amount')], [[formatCount(answers.totals.data.allCount), formatAmount(answers.totals.data.allAmount)]], [false, true]);
  else doc.text(failed(answers.totals) ?? '');

  heading(t('dashboard.counts.title'));
  if (counts) table(doc, [t('dashboard.counts.merchants'), t('dashboard.counts.stores'), t('dashboard.counts.terminals')], [[formatCount(counts.merchant_count), formatCount(counts.store_count), formatCount(counts.terminal_count)]], [true, true, true]);
  else doc.text(failed(answers.counts) ?? '');

  heading(t('dashboard.curve.title'));
  if (answers.curve.ok) {
    const { current, previous } = answers.curve.data;
    const week = compareWeeks(current, previous);
    const change = signedChange(week);
    const today = answers.curve.data.today;
    doc.text(`${formatMoney(week.current)} · ${change === null ? t('dashboard.curve.noComparison') : t('dashboard.curve.change', { percent: change })}`);
    doc.fillColor(GREY).text(t('dashboard.curve.basis', { from: formatDay8(current[0]?.day), to: formatDay8(current.at(-1)?.day) }));
    doc.text(t('dashboard.curve.today', { time: today.until.slice(0, 5), amount: formatMoney(today.amount), count: today.count })).fillColor('black');
    lineChart(doc, [current.map((d) => plotValue(d.amount)), previous.map((d) => plotValue(d.amount))], current.map((d) => shortDay(d.day)), [t('dashboard.curve.current'), t('dashboard.curve.previous')]);
    table(
      doc,
      [t('dashboard.curve.day'), t('dashboard.curve.currentAmount'), t('dashboard.curve.day'), t('dashboard.curve.previousAmount')],
      current.map((day, i) => [shortDay(day.day), formatAmount(day.amount), shortDay(previous[i]?.day ?? ''), formatAmount(previous[i]?.amount)]),
      [false, true, false, true],
    );
  } else doc.text(failed(answers.curve) ?? '');

  const named = (title: string, nameTitle: string, answer: GatewayResult<{ name: string; count: number; amount: string }[]>) => {
    heading(title);
    if (!answer.ok) return void doc.text(failed(answer) ?? '');
    if (answer.data.length === 0) return void doc.text(t('dashboard.noData'));
    // Half the width for the names, which wrap rather than being cut: three stores of one business cut to one width read alike.
    table(doc, [nameTitle, t('dashboard.count'), t('dashboard.amount')], answer.data.map((row) => [row.name, formatCount(row.count), formatAmount(row.amount)]), [false, true, true], [0.5, 0.2, 0.3]);
  };
  const mapAnswer = <T, U>(answer: GatewayResult<T>, map: (data: T) => U): GatewayResult<U> => (answer.ok ? { ...answer, data: map(answer.data) } : answer);
  named(t('dashboard.topStores.title'), t('dashboard.topStores.store'), mapAnswer(answers.topStores, (rows) => rows.map((r) => ({ name: r.store_name || r.store_code, count: r.count, amount: r.amount }))));
  named(t('dashboard.transTypes.title'), t('dashboard.transTypes.type'), mapAnswer(answers.transTypes, (rows) => rows.map((r) => ({ ...r, name: t(`tx.summary.${r.name}` as never) }))));
  named(t('dashboard.paymentTypes.title'), t('dashboard.paymentTypes.type'), mapAnswer(answers.paymentTypes, (rows) => rows.map((r) => ({ name: codeName(t as unknown as CodeTranslator, 'paymentType', r.payment_type), count: r.count, amount: r.amount }))));
  return doc;
}

/**
 * A plain table: a grey header line, then rows; numeric columns are right-aligned. `widths` are the
 * columns' shares of the page (equal by default). A cell's text wraps within its column and the row
 * grows to the tallest cell: nothing is cut.
 */
function table(doc: PDFKit.PDFDocument, header: string[], rows: string[][], numeric: boolean[], widths: number[] = header.map(() => 1 / header.length)) {
  const columns = widths.map((share) => PAGE.width * share);
  const lefts = columns.map((_, i) => PAGE.margin + columns.slice(0, i).reduce((sum, width) => sum + width, 0));
  const line = (cells: string[], colour: string) => {
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (columns[i] ?? 0) - 8 })));
    if (doc.y + height > 790) doc.addPage();
    const y = doc.y;
    cells.forEach((cell, i) => doc.fillColor(colour).text(cell, lefts[i], y, { width: (columns[i] ?? 0) - 8, align: numeric[i] ? 'right' : 'left' }));
    doc.x = PAGE.margin;
    doc.y = y + Math.max(16, height + 4);
  };
  line(header, GREY);
  doc.moveTo(PAGE.margin, doc.y - 3).lineTo(PAGE.margin + PAGE.width, doc.y - 3).strokeColor('#d9d9d9').stroke();
  for (const row of rows) line(row, 'black');
  doc.fillColor('black');
}

/** The seven-day curve as vectors: one line per series, a zero line, day labels, a legend. */
function lineChart(doc: PDFKit.PDFDocument, series: number[][], labels: string[], names: string[]) {
  const height = 120;
  if (doc.y + height + 40 > 780) doc.addPage();
  const top = doc.y + 8;
  const left = PAGE.margin;
  const values = series.flat();
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const range = max - min || 1;
  const x = (i: number) => left + (PAGE.width * i) / Math.max(1, labels.length - 1);
  const y = (v: number) => top + height - ((v - min) / range) * height;
  doc.moveTo(left, y(0)).lineTo(left + PAGE.width, y(0)).strokeColor('#bfbfbf').lineWidth(0.5).stroke();
  series.forEach((points, s) => {
    const colour = CHART_PALETTE[s % CHART_PALETTE.length] ?? 'black';
    points.forEach((v, i) => (i === 0 ? doc.moveTo(x(i), y(v)) : doc.lineTo(x(i), y(v))));
    if (s > 0) doc.dash(4, { space: 3 });
    doc.strokeColor(colour).lineWidth(1.5).stroke().undash();
  });
  doc.fontSize(8).fillColor(GREY);
  // Labels stay inside the margins: the first and last are aligned to the chart's edges.
  labels.forEach((label, i) => doc.text(label, Math.min(Math.max(x(i) - 15, left), left + PAGE.width - 30), top + height + 4, { width: 30, align: i === 0 ? 'left' : i === labels.length - 1 ? 'right' : 'center', lineBreak: false }));
  names.forEach((name, s) => {
    const lx = left + s * 160;
    doc.rect(lx, top + height + 18, 10, 3).fill(CHART_PALETTE[s] ?? 'black');
    doc.fillColor(GREY).text(name, lx + 14, top + height + 15, { lineBreak: false });
  });
  doc.x = left;
  doc.y = top + height + 34;
  doc.fontSize(10).fillColor('black').lineWidth(1);
}
