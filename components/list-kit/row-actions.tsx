'use client';

import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { FilterOptions } from '@/lib/list-kit/narrow';

/** What a list's own actions get: the row of the open drawer (or none, for the toolbar), and a way to close the drawer. */
export interface RowActionProps {
  row: Record<string, unknown> | null;
  onDone: () => void;
  /** The list's choices (its definition's `choices` and its filters'). */
  options: FilterOptions;
}

/**
 * Lists whose rows can be acted on (edit, activate, ...), by list id. The kit shows the component in
 * the toolbar (row null: "new ...") and in a row's details drawer; each is loaded only on its list.
 */
export const LIST_ACTIONS: Record<string, ComponentType<RowActionProps>> = {
  accounts: dynamic(() => import('@/components/accounts/AccountActions').then((m) => m.AccountActions)),
  notices: dynamic(() => import('@/components/notices/NoticeActions').then((m) => m.NoticeActions)),
  documents: dynamic(() => import('@/components/documents/DocumentActions').then((m) => m.DocumentActions)),
  paymentRequests: dynamic(() => import('@/components/collect/PaymentRequestActions').then((m) => m.PaymentRequestActions)),
};
