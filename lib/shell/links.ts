import 'server-only';
import { helpPath } from './help';

/**
 * The shell's links, from configuration (DESIGN.md section 5). A help link without a configured
 * address leads to the portal's own help page (a path starting with '/'); the risk portal is
 * another system, so it stays empty (and says "no related data") when unset.
 */
export interface ShellLinks {
  tips: string;
  riskPortal: string;
  faq: string;
  guide: string;
  terms: string;
  privacy: string;
  contact: string;
}

export function shellLinks(env: NodeJS.ProcessEnv = process.env): ShellLinks {
  return {
    tips: env.TIPS_URL || helpPath(),
    riskPortal: env.RISK_PORTAL_URL ?? '',
    faq: env.FAQ_URL || helpPath('faq'),
    guide: env.USER_GUIDE_URL || helpPath('guide'),
    terms: env.TERMS_URL || helpPath('terms'),
    privacy: env.PRIVACY_URL || helpPath('privacy'),
    contact: env.CONTACT_URL || helpPath('contact'),
  };
}
