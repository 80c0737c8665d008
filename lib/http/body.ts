import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import type { z } from 'zod';
import { failure, invalidInput } from './respond';

/**
 * Body size caps by kind of route, in bytes. A sign-in or password form is a few hundred bytes; the
 * gateway's largest input (a list query with every filter) is under 2 KB; a refund decision's 50
 * request ids and password under 1 KB. An upload is its file's own limit plus `multipartOverhead`.
 */
export const BODY_LIMITS = { form: 8 * 1024, gateway: 32 * 1024, multipartOverhead: 16 * 1024 } as const;

const isJson = (contentType: string | null) => /^application\/json\s*(;|$)/i.test(contentType ?? '');

/** Whether the body is an HTML form's (a page working without JavaScript posts one). */
export const isFormPost = (request: NextRequest) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers.get('content-type') ?? '');

/**
 * The body's bytes, or null once it passes `maxBytes`: a declared length over it is refused before
 * reading, and a chunked body is read no further than the limit (a huge body costs nothing).
 */
export async function readCappedBytes(request: NextRequest, maxBytes: number): Promise<Buffer | null> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type Checked<S extends z.ZodType> = { data: z.output<S>; refused?: undefined } | { data?: undefined; refused: NextResponse };

/** JSON's value, or null when the text is not JSON. */
function decodeJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

/**
 * What readJson and readForm share: the content type (else 400), at most `maxBytes` (else 413),
 * decoded (else 400) and of the schema's shape (else 400).
 */
async function readChecked<S extends z.ZodType>(request: NextRequest, schema: S, maxBytes: number, typed: boolean, decode: (text: string) => { value: unknown } | null): Promise<Checked<S>> {
  if (!typed) return { refused: failure(request, { code: 'INVALID_INPUT' }) };
  const text = (await readCappedBytes(request, maxBytes))?.toString('utf8') ?? null;
  if (text === null) return { refused: failure(request, { code: 'PAYLOAD_TOO_LARGE', params: { kilobytes: Math.floor(maxBytes / 1024) } }) };
  const decoded = decode(text);
  if (!decoded) return { refused: failure(request, { code: 'INVALID_INPUT' }) };
  const parsed = schema.safeParse(decoded.value);
  return parsed.success ? { data: parsed.data } : { refused: invalidInput(request, parsed.error.issues) };
}

/**
 * A route handler's JSON body, checked: JSON by its content type, at most `maxBytes` (else 413), well
 * formed and of the schema's shape (else 400). Answers the data, or the translated refusal to send.
 */
export function readJson<S extends z.ZodType>(request: NextRequest, schema: S, maxBytes: number = BODY_LIMITS.form): Promise<Checked<S>> {
  return readChecked(request, schema, maxBytes, isJson(request.headers.get('content-type')), decodeJson);
}

/**
 * A route handler's HTML form body, checked as readJson checks JSON: at most `maxBytes` (else 413),
 * of the schema's shape (else 400), each field's text as the form sent it.
 */
export function readForm<S extends z.ZodType>(request: NextRequest, schema: S, maxBytes: number = BODY_LIMITS.form): Promise<Checked<S>> {
  return readChecked(request, schema, maxBytes, isFormPost(request), (text) => ({ value: Object.fromEntries(new URLSearchParams(text)) }));
}

/**
 * A route handler's multipart form (an upload): multipart by its content type (else 400), at most
 * `fileBytes` plus the form's framing (else `tooLarge`, a 413 in the upload's own words), well formed.
 */
export async function readMultipart(
  request: NextRequest,
  fileBytes: number,
  tooLarge: (request: NextRequest) => NextResponse,
): Promise<{ form: FormData; refused?: undefined } | { form?: undefined; refused: NextResponse }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return { refused: failure(request, { code: 'INVALID_INPUT' }) };
  const body = await readCappedBytes(request, fileBytes + BODY_LIMITS.multipartOverhead);
  if (body === null) return { refused: tooLarge(request) };
  try {
    return { form: await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData() };
  } catch {
    return { refused: failure(request, { code: 'INVALID_INPUT' }) };
  }
}
