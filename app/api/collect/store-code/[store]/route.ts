import { Readable } from 'node:stream';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { qrPng, storeCodePdf } from '@/lib/collect/qr';
import { storeCodeLink } from '@/lib/collect/links';
import { callUpstream } from '@/lib/gateway/client';
import { failure, requestLanguage, translatorFor, upstreamError } from '@/lib/http/respond';
import { menuSession } from '@/lib/http/menu-route';
import { localField } from '@/lib/i18n/names';
import { LANGUAGE_TAGS } from '@/lib/i18n/languages';
import { logged } from '@/lib/log/request';
import { COLLECT_CALLS } from '@/lib/collect/calls';

const storeCode = z.string().regex(/^[A-Za-z0-9_-]{1,30}$/);
const format = z.enum(['png', 'pdf']);

/**
 * A store's payment QR code as a PNG or a printable PDF. The store is looked up through the services
 * with the session's token, so a store outside the user's scope is not found.
 */
async function handle(request: NextRequest, { params }: { params: Promise<{ store: string }> }) {
  const { session, refused } = await menuSession(request, 'merchantCode');
  if (refused) return refused;
  const store = storeCode.safeParse((await params).store);
  const kind = format.safeParse(request.nextUrl.searchParams.get('format') ?? 'png');
  if (!store.success || !kind.success) return failure(request, { code: 'INVALID_INPUT' });
  const result = await callUpstream(COLLECT_CALLS.collectStoreCodes, { store_code: store.data }, session);
  if (!result.ok) return upstreamError(request, result.error);
  const [row] = result.data.data;
  // The services answer 404 for a store outside the scope; an empty answer is not what they promise.
  if (!row) return failure(request, { code: 'INVALID_ANSWER' });
  const url = storeCodeLink(row.token);
  const headers = { 'content-disposition': `attachment; filename="qr_${row.store_code}.${kind.data}"`, 'cache-control': 'no-store' };
  if (kind.data === 'png') {
    const png = await qrPng(url);
    return new NextResponse(new Uint8Array(png), { headers: { ...headers, 'content-type': 'image/png', 'content-length': String(png.length) } });
  }
  const language = requestLanguage(request);
  const t = translatorFor(request);
  const doc = await storeCodePdf(
    { merchant: localField(LANGUAGE_TAGS[language], row, 'business_name'), store: localField(LANGUAGE_TAGS[language], row, 'store_name'), url, scanText: t('collect.scanToPay'), title: t('menu.merchantCode') },
    language,
  );
  doc.end();
  return new Response(Readable.toWeb(doc) as ReadableStream, { headers: { ...headers, 'content-type': 'application/pdf' } });
}

export const GET = logged('/api/collect/store-code/[store]', handle);
