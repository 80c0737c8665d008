/** A reviewer's decision on refund requests, as the review list's actions and their dialog pass it. */
export type ReviewAction = 'approve' | 'reject';
export type ReviewOutcome = { refundId: number; success: boolean; message?: string };
export interface ReviewDecision {
  action: ReviewAction;
  outcomes: { refundNo: string; action: ReviewAction; outcome: ReviewOutcome }[];
  succeeded: number;
  failed: number;
}
