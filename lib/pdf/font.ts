import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import { pdfFontPath } from '../dashboard/pdf-font';
import type { Language } from '../i18n/languages';

/** The face of Noto Sans CJK's collection that draws each language's characters its own way. */
const COLLECTION_FACE: Record<Language, string> = { en: 'NotoSansCJKhk-Regular', zhTW: 'NotoSansCJKtc-Regular', zhCN: 'NotoSansCJKsc-Regular' };

let loadedFont: { path: string; font: { data: Buffer; collection: boolean } | null } | undefined;

/**
 * The font file, read once per process. Measured (docs/decisions.md, Dashboard): reading the 19 MB
 * Noto collection for every PDF cost more time and memory than the calls and the drawing together,
 * and ten PDFs at once held ten copies.
 */
function pdfFont() {
  const path = pdfFontPath();
  if (loadedFont?.path !== path) loadedFont = { path, font: existsSync(path) ? { data: readFileSync(path), collection: path.endsWith('.ttc') } : null };
  return loadedFont.font;
}

/** Sets a PDF's font to the CJK font in the language's face (the dashboard's, a store's QR code); Helvetica stays when there is none. */
export function applyPdfFont(doc: PDFKit.PDFDocument, language: Language) {
  const font = pdfFont();
  if (font?.collection) doc.font(font.data, COLLECTION_FACE[language]);
  else if (font) doc.font(font.data);
}
