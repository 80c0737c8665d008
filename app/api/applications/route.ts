import { type NextRequest } from 'next/server';
import { applicationSchema } from '@/lib/applications/rules';
import { menuRoute } from '@/lib/http/menu-route';
import { logged } from '@/lib/log/request';
import { ASSET_CALLS } from '@/lib/assets/calls';

/**
 * Applies for a payment service for one of the session's merchants and some of its stores (the main
 * account, menu applyService). The services refuse a service the merchant has, stores not its own,
 * and a second application while one for the same merchant and service is open.
 */
function handle(request: NextRequest) {
  return menuRoute(request, 'applyService', applicationSchema, async (input, { call, refuse }) => {
    const applied = await call(ASSET_CALLS.applyService, input);
    return applied.ok ? { applicationNo: applied.data.applicationNo, status: applied.data.status } : refuse(applied.error);
  });
}

export const POST = logged('/api/applications', handle);
