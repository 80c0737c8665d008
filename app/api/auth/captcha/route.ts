import { NextResponse, type NextRequest } from 'next/server';
import { CAPTCHA_COOKIE, issueCaptcha } from '@/lib/auth/captcha';
import { secureRequest } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';

export const dynamic = 'force-dynamic';

/** A fresh verification code image; its sealed answer goes into an httpOnly cookie. */
async function handle(request: NextRequest) {
  const { image, cookie } = await issueCaptcha();
  const response = new NextResponse(new Uint8Array(image), { headers: { 'content-type': 'image/png', 'cache-control': 'no-store' } });
  response.cookies.set(CAPTCHA_COOKIE, cookie, { httpOnly: true, secure: secureRequest(request), sameSite: 'strict', path: '/api/auth', maxAge: 120 });
  return response;
}

export const GET = logged('/api/auth/captcha', handle);
