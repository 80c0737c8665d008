/**
 * The portal's own help pages (issue 16): used wherever a help link has no external address
 * configured, so that no link of the shell leads to "no related data". Their texts are the `help`
 * messages; the lists below give their order.
 */
export const HELP_TOPICS = ['faq', 'guide', 'terms', 'privacy', 'contact'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const HELP_PATH = '/help';
export const helpPath = (topic?: HelpTopic) => (topic ? `${HELP_PATH}/${topic}` : HELP_PATH);
export const isHelpTopic = (value: string): value is HelpTopic => (HELP_TOPICS as readonly string[]).includes(value);

export const FAQ_ITEMS = ['signIn', 'forgot', 'rules', 'firstLogin', 'sessionEnded', 'noAccess', 'dates', 'amounts', 'export', 'pdf', 'refund', 'contactNumber', 'tabs', 'language'] as const;
export const GUIDE_ROLES = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8'] as const;

/** The titled sections of the three prose topics, in order. */
export const HELP_SECTIONS = {
  terms: ['use', 'account', 'figures', 'instructions', 'availability', 'changes'],
  privacy: ['kept', 'why', 'cookies', 'cards', 'keep', 'rights'],
  contact: ['admin', 'support', 'include', 'never'],
} as const satisfies Record<Exclude<HelpTopic, 'faq' | 'guide'>, readonly string[]>;
