import 'server-only';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '../i18n/languages';
import { applyPdfFont } from '../pdf/font';

/**
 * Error correction M (15% of the code may be damaged) and a 4-module quiet zone: a printed code on a
 * counter survives wear and a phone at an angle, and the pay links stay short enough for a small code.
 */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The code as SVG markup (the screens draw it inline: sharp at any size, no request of its own). */
export const qrSvg = (url: string) => QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' });

/** The code as a PNG of about 600 pixels: large enough to print at 5 cm. */
export const qrPng = (url: string) => QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: 600 });

/** A printable A6 card of a store's code: the merchant and store names above it, the address below. */
export async function storeCodePdf(input: { merchant: string; store: string; url: string; scanText: string; title: string }, language: Language): Promise<PDFKit.PDFDocument> {
  const png = await qrPng(input.url);
  const doc = new PDFDocument({ size: 'A6', margin: 24, info: { Title: input.title } });
  applyPdfFont(doc, language);
  const width = doc.page.width - 48;
  doc.fontSize(14).text(input.merchant, { width, align: 'center' });
  doc.fontSize(11).fillColor('#595959').text(input.store, { width, align: 'center' }).moveDown(0.5);
  const size = Math.min(width, 220);
  doc.image(png, 24 + (width - size) / 2, doc.y, { width: size, height: size });
  doc.y += size + 6;
  doc.fillColor('black').fontSize(11).text(input.scanText, 24, doc.y, { width, align: 'center' });
  doc.fontSize(6).fillColor('#8c8c8c').text(input.url, { width, align: 'center' });
  return doc;
}
