/** Spec section 2: phones and tablets use the separate mobile H5 site. */
const MOBILE = /Android|iPhone|iPod|iPad|Mobile|BlackBerry|IEMobile|Opera Mini|HarmonyOS/i;

export function isMobileAgent(userAgent: string | null): boolean {
  return MOBILE.test(userAgent ?? '');
}

/**
 * Where the H5 site takes over, or undefined to stay: mobile agents always go (a redirect or reset
 * link keeps its path and query); on desktop only redirect links with platform=emcapp go.
 */
export function mobileTarget(url: URL, userAgent: string | null, h5Base: string | undefined): string | undefined {
  if (!h5Base) return undefined;
  const keepsQuery = url.pathname === '/redirect' || url.pathname.startsWith('/reset/');
  const emcApp = url.pathname === '/redirect' && url.searchParams.get('platform') === 'emcapp';
  if (!isMobileAgent(userAgent) && !emcApp) return undefined;
  const base = h5Base.replace(/\/$/, '');
  return keepsQuery ? `${base}${url.pathname}${url.search}` : `${base}/`;
}
