import { mobileTarget } from '@/lib/auth/mobile';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
const H5 = 'https://m.portal.test/';
const at = (path: string) => new URL(`http://portal.test${path}`);

describe('mobile H5 redirect (spec section 2)', () => {
  it('sends phones to the H5 site, keeping a redirect or reset link', () => {
    expect(mobileTarget(at('/redirect?token=abc&platform=x'), IPHONE, H5)).toBe('https://m.portal.test/redirect?token=abc&platform=x');
    expect(mobileTarget(at('/reset/xyz/'), IPHONE, H5)).toBe('https://m.portal.test/reset/xyz/');
    expect(mobileTarget(at('/dashboard/dashboard?a=1'), IPHONE, H5)).toBe('https://m.portal.test/');
  });

  it('keeps desktops here, except redirect links for the emcapp platform', () => {
    expect(mobileTarget(at('/redirect?token=abc'), DESKTOP, H5)).toBeUndefined();
    expect(mobileTarget(at('/redirect?token=abc&platform=emcapp'), DESKTOP, H5)).toBe('https://m.portal.test/redirect?token=abc&platform=emcapp');
    expect(mobileTarget(at('/login?platform=emcapp'), DESKTOP, H5)).toBeUndefined();
  });

  it('does nothing when no H5 site is configured', () => {
    expect(mobileTarget(at('/login'), IPHONE, undefined)).toBeUndefined();
  });
});
