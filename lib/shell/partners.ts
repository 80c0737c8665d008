import 'server-only';
import { cache } from 'react';
import { callUpstream } from '../gateway/client';
import type { SessionData } from '../session/session';
import { MERCHANT_CALLS } from '../merchants/calls';

/** A partner user's partner list, asked for once per request: the shell and the dashboard header both show it. */
export const partnersOf = cache((session: SessionData) => callUpstream(MERCHANT_CALLS.partnerList, {}, session));

/** A customer user's own customer (name, number, counts), asked for once per request: the shell and merchant information both show it. */
export const customersOf = cache((session: SessionData) => callUpstream(MERCHANT_CALLS.customerInfo, {}, session));
