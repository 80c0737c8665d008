import { upstreamFailure } from '@/lib/gateway/errors';
import { isNewerVersion } from '@/lib/gateway/version';

describe('the error catalogue (spec section 8)', () => {
  it.each([
    [401, { error: { code: 'TOKEN_EXPIRED', description: 'UserToken over date, Relogin' } }, { code: 'SESSION_EXPIRED', status: 401 }],
    [200, { error: { description: 'UserToken over date, Relogin' } }, { code: 'SESSION_EXPIRED', status: 200 }],
    [401, { error: { code: 'INVALID_CREDENTIALS', description: 'x' } }, { code: 'UPSTREAM_REFUSED', status: 401, upstreamCode: 'INVALID_CREDENTIALS', params: undefined }],
    [422, { error: { code: 'REFUND_EXCEEDS_BALANCE', description: 'x', params: { balance: '1.00' } } }, { code: 'UPSTREAM_REFUSED', status: 422, upstreamCode: 'REFUND_EXCEEDS_BALANCE', params: { balance: '1.00' } }],
    [401, undefined, { code: 'LOGIN_EXPIRED', status: 401 }],
    [405, 'Method Not Allowed', { code: 'LOGIN_EXPIRED', status: 405 }],
    [500, { error: { code: 'INTERNAL', description: 'x' } }, { code: 'UPSTREAM_FAILED', status: 500 }],
    [503, undefined, { code: 'UPSTREAM_FAILED', status: 503 }],
    [404, '<html>', { code: 'REQUEST_FAILED', status: 404 }],
  ])('maps HTTP %s %j', (status, body, expected) => {
    expect(upstreamFailure(status, body)).toEqual(expected);
  });
});

describe('version comparison', () => {
  it.each([
    ['4.4.10', true],
    ['4.5', true],
    ['5.0.0', true],
    ['4.4.9', false],
    ['4.4.9.0', false],
    ['4.4.8', false],
    ['4.10.0', true],
    ['garbage', false],
    ['', false],
    [null, false],
  ])('%p newer than 4.4.9: %p', (candidate, newer) => {
    expect(isNewerVersion(candidate)).toBe(newer);
  });
});
