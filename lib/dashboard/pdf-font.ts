/**
 * The font of the dashboard PDF: a CJK font, so that Chinese names and labels print. PDF_FONT_PATH
 * points at a TrueType/OpenType file or collection; the default is Debian's fonts-noto-cjk, which
 * the Docker image installs. Without it the PDF falls back to Helvetica (Latin text only).
 */
export const pdfFontPath = () => process.env.PDF_FONT_PATH || '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
