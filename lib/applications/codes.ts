/**
 * Applications for a payment service (issue 13): their statuses and limits, shared by the reference
 * services, the route handler and the form (no zod here: the page's first load stays small).
 */

/** Submitted, then under review, then approved or rejected with the reviewer's reason. */
export const APPLICATION_STATUSES = ['SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** While an application is in one of these, a second one for the same merchant and service is refused. */
export const OPEN_STATUSES = ['SUBMITTED', 'UNDER_REVIEW'] as const satisfies readonly ApplicationStatus[];

/** Where each status may move next (the provider's review; /dev/applications/advance in demo mode). */
export const NEXT_STATUSES: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  SUBMITTED: ['UNDER_REVIEW', 'REJECTED'],
  UNDER_REVIEW: ['APPROVED', 'REJECTED'],
  APPROVED: [],
  REJECTED: [],
};

export const REMARK_MAX = 500;
export const REASON_MAX = 500;
/** The most stores one application names (a merchant has far fewer). */
export const STORES_MAX = 100;
