import { z } from 'zod';
import { CONTACT_NUMBER_PATTERN } from '../accounts/rules';
import { PAYMENT_TYPES } from '../domain/transaction-types';
import { REMARK_MAX, STORES_MAX } from './codes';

/**
 * The application form (issue 13), one schema for the form in the browser and the route handler;
 * the reference services check it again, plus what needs the database (the merchant and its stores
 * are the caller's, the service is not enabled yet, no application for it is open).
 * Messages are keys under `applyService.errors`.
 */

/** A monthly volume as typed: HKD, more than 0, at most 2 decimals. */
export const VOLUME_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

const required = (max: number, message = 'applyService.errors.required') => z.string({ error: message }).trim().min(1, message).max(max, 'applyService.errors.tooLong');

export const applicationSchema = z.object({
  merchantNo: required(30, 'applyService.errors.merchantRequired'),
  paymentType: z.enum(PAYMENT_TYPES, { error: 'applyService.errors.serviceRequired' }),
  storeCodes: z
    .array(z.string().trim().min(1).max(30), { error: 'applyService.errors.storesRequired' })
    .min(1, 'applyService.errors.storesRequired')
    .max(STORES_MAX, 'applyService.errors.storesRequired')
    .refine((codes) => new Set(codes).size === codes.length, 'applyService.errors.storesRequired'),
  contactName: required(100),
  contactNumber: z.string({ error: 'applyService.errors.contactNumber' }).trim().regex(CONTACT_NUMBER_PATTERN, 'applyService.errors.contactNumber'),
  monthlyVolume: z
    .string({ error: 'applyService.errors.volume' })
    .trim()
    .regex(VOLUME_PATTERN, 'applyService.errors.volume')
    .refine((text) => /[1-9]/.test(text), 'applyService.errors.volume'),
  remark: z.string().trim().max(REMARK_MAX, 'applyService.errors.tooLong').default(''),
});

export type Application = z.output<typeof applicationSchema>;
