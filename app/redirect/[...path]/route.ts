import { type NextRequest } from 'next/server';
import { redirectTo } from '@/lib/http/redirect';
import { logged } from '@/lib/log/request';

/** /redirect/{path} returns to /{path}: how a tab is refreshed (spec section 2). */
async function handle(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  // Empty segments are dropped: "//host" would leave the portal.
  return redirectTo(`/${path.filter(Boolean).map(encodeURIComponent).join('/')}${request.nextUrl.search}`);
}

export const GET = logged('/redirect/[...path]', handle);
