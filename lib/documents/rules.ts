/**
 * The upload documents screen's rules, one module for the browser (a check before sending), the
 * portal's route handler (before forwarding) and the reference services (again, as the system of
 * record). No zod here: the browser component imports it at once.
 */

/** What an acquirer asks a merchant for (issue 15). */
export const DOCUMENT_TYPES = ['BUSINESS_REGISTRATION', 'DIRECTOR_ID', 'BANK_PROOF', 'STORE_PHOTO', 'OTHER'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Received, then under review by the provider, then accepted or rejected with a reason. */
export const DOCUMENT_STATUSES = ['RECEIVED', 'UNDER_REVIEW', 'ACCEPTED', 'REJECTED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Only a document nobody has started reviewing can be taken back. */
export const REMOVABLE_STATUS: DocumentStatus = 'RECEIVED';

/** The largest file, stated on the page: a phone photo or a scanned certificate fits. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENT_MEGABYTES = MAX_DOCUMENT_BYTES / (1024 * 1024);
/** A file name as stored and as sent back in Content-Disposition. */
export const MAX_FILE_NAME = 120;

export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** The extensions a name of each type may end in. */
const EXTENSIONS: Record<DocumentContentType, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};

/** What the file input offers (a convenience only: the content decides). */
export const ACCEPT_ATTRIBUTE = Object.values(EXTENSIONS).flat().map((e) => `.${e}`).join(',');

/** Enough of the file's start to tell its type. */
export const SNIFF_BYTES = 8;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => bytes[i] === byte);

/**
 * The type the content says it is, from its first bytes (magic numbers), whatever its name says:
 * `%PDF-`, JPEG's SOI marker with the next marker's FF, PNG's eight-byte signature. Anything else
 * (an executable renamed to .pdf, say) is none of them.
 */
export function sniffContentType(bytes: Uint8Array): DocumentContentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

/** The limits a refusal's message states, wherever the refusal is made (browser, route, services). */
export const FILE_REFUSAL_PARAMS = { megabytes: MAX_DOCUMENT_MEGABYTES, characters: MAX_FILE_NAME } as const;

export type FileRefusal = 'DOCUMENT_EMPTY' | 'DOCUMENT_TOO_LARGE' | 'DOCUMENT_TYPE_REFUSED' | 'DOCUMENT_NAME_MISMATCH' | 'DOCUMENT_NAME_INVALID';

/**
 * Why a file may not be uploaded, or null with its content type: not empty, at most the size, a
 * PDF, JPEG or PNG by content, and named as what it is (a PNG called .pdf is refused: the name is
 * what the reviewer and the download will trust).
 */
export function checkDocumentFile(name: string, size: number, head: Uint8Array): { refusal: FileRefusal } | { contentType: DocumentContentType } {
  if (size <= 0) return { refusal: 'DOCUMENT_EMPTY' };
  if (size > MAX_DOCUMENT_BYTES) return { refusal: 'DOCUMENT_TOO_LARGE' };
  if (!isFileName(name)) return { refusal: 'DOCUMENT_NAME_INVALID' };
  const contentType = sniffContentType(head);
  if (!contentType) return { refusal: 'DOCUMENT_TYPE_REFUSED' };
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (!EXTENSIONS[contentType].includes(extension)) return { refusal: 'DOCUMENT_NAME_MISMATCH' };
  return { contentType };
}

/** A plain file name: no folders, no control characters, not too long. */
function isFileName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_FILE_NAME && !/[\u0000-\u001f\u007f/\\]/.test(name) && name.trim() === name && !name.startsWith('.');
}

/** A business registration expiring within this many days asks for a new one (spec section 3, brExpiryDate). */
export const BR_RENEWAL_DAYS = 30;

/** A file's size as people read it: kilobytes, or megabytes with one decimal. */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.ceil(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
