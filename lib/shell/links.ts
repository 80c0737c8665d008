import 'server-only';

/** The shell's external links, from configuration (DESIGN.md section 5); empty when unset. */
export interface ShellLinks {
  tips: string;
  riskPortal: string;
  faq: string;
  guide: string;
  terms: string;
  privacy: string;
}

export function shellLinks(env: NodeJS.ProcessEnv = process.env): ShellLinks {
  return {
    tips: env.TIPS_URL ?? '',
    riskPortal: env.RISK_PORTAL_URL ?? '',
    faq: env.FAQ_URL ?? '',
    guide: env.USER_GUIDE_URL ?? '',
    terms: env.TERMS_URL ?? '',
    privacy: env.PRIVACY_URL ?? '',
  };
}
