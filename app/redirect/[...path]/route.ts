import { NextResponse, type NextRequest } from 'next/server';

/** /redirect/{path} returns to /{path}: how a tab is refreshed (spec section 2). */
export async function GET(request: NextRequest, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  // Empty segments are dropped: "//host" would leave the portal.
  const target = new URL(`/${path.filter(Boolean).map(encodeURIComponent).join('/')}`, request.url);
  target.search = request.nextUrl.search;
  return NextResponse.redirect(target, 307);
}
