import { type NextRequest } from 'next/server';
import { qrSvg } from '@/lib/collect/qr';
import { requestPayLink } from '@/lib/collect/links';
import { paymentRequestSchema } from '@/lib/collect/rules';
import { menuRoute } from '@/lib/http/menu-route';
import { logged } from '@/lib/log/request';
import { COLLECT_CALLS } from '@/lib/collect/calls';

/**
 * Makes a payment request and answers its pay link and QR code. The form's key makes a double click
 * or a replay answer the request already made; merchant and store are checked by the services
 * against the session's scope.
 */
function handle(request: NextRequest) {
  return menuRoute(request, 'createTransaction', paymentRequestSchema, async (input, { call, refuse }) => {
    const created = await call(COLLECT_CALLS.collectCreate, input);
    if (!created.ok) return refuse(created.error);
    const payLink = requestPayLink(created.data.token);
    return { requestNo: created.data.requestNo, expiresAt: created.data.expiresAt, replayed: created.data.replayed, payLink, qrSvg: await qrSvg(payLink) };
  });
}

export const POST = logged('/api/collect/requests', handle);
