import 'server-only';
import { callUpstream } from '../gateway/client';
import type { GatewayError } from '../gateway/errors';
import type { CallAnswer } from '../gateway/registry';
import { newSessionId, type SessionData } from '../session/session';

type LoginItem = CallAnswer<'login'>[number];

const WALLETS = ['ALIPAY', 'WECHAT'];

/**
 * A new session from a login answer (spec sections 4 and 7): identity and menus from the answer,
 * then the merchant list call for the Alipay/WeChat id list and the full id list.
 */
export async function sessionFromLogin(login: LoginItem, now = Date.now()): Promise<{ session: SessionData } | { error: GatewayError }> {
  const session: SessionData = {
    v: 1,
    sid: newSessionId(),
    userId: login.id,
    account: login.loginUser.userName,
    nickName: login.loginUser.nickName,
    rank: login.loginUser.rank,
    rankNo: login.loginUser.rankNo,
    roleId: login.roleId,
    isAdmin: login.loginUser.isAdmin === 1,
    menus: login.headers,
    pwdFlag: login.pwdFlag === 1,
    opPwdFlag: login.opPwdFlag === 1,
    loginType: login.loginType,
    serviceCode: login.serviceCode,
    token: login.xEftpayToken,
    walletMerchantIds: [],
    merchantIds: [],
    issuedAt: now,
    lastSeen: now,
  };
  const merchants = await callUpstream('merchantList', { ispaging: false }, session);
  if (!merchants.ok) return { error: merchants.error };
  session.merchantIds = merchants.data.data.map((m) => m.merchant_no);
  session.walletMerchantIds = merchants.data.data.filter((m) => m.paymentType.split(',').some((type) => WALLETS.includes(type))).map((m) => m.merchant_no);
  return { session };
}
