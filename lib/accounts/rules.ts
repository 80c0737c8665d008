import { z } from 'zod';
import { APPELLATIONS } from './codes';

/**
 * Spec section 5's account form, one schema for the form in the browser and the route handlers
 * (the reference services check the same rules again). Messages are keys under `accounts.errors`.
 */
export const ACCOUNT_NAME_MIN = 4;
/** Digits only, at least 8 (spec section 9's contact number minimum). */
export const CONTACT_NUMBER_PATTERN = /^\d{8,20}$/;

/** A text the form must have: a missing field and a blank one get the same message. */
const text = () => z.string({ error: 'accounts.errors.required' });
const required = (max: number) => text().trim().min(1, 'accounts.errors.required').max(max, 'accounts.errors.tooLong');

export const accountFieldsSchema = z.object({
  contactNumber: text().trim().regex(CONTACT_NUMBER_PATTERN, 'accounts.errors.contactNumber'),
  contactName: required(100).min(ACCOUNT_NAME_MIN, 'accounts.errors.nameMin'),
  contactEmail: text().trim().max(254, 'accounts.errors.tooLong').pipe(z.email('accounts.errors.email')),
  roleId: z.number({ error: 'accounts.errors.required' }).int().min(2, 'accounts.errors.role').max(8, 'accounts.errors.role'),
  status: z.union([z.literal(0), z.literal(1)], { error: 'accounts.errors.required' }),
  jobTitle: required(100),
  department: required(100),
  appellation: z.enum(APPELLATIONS, { error: 'accounts.errors.required' }),
});

/** A new account: its sign-in name, and for a merchant sub account the merchant it belongs to. */
export const newAccountSchema = accountFieldsSchema
  .extend({
    account: required(254).min(ACCOUNT_NAME_MIN, 'accounts.errors.nameMin'),
    type: z.enum(['CUSTOMER', 'MERCHANT']).default('CUSTOMER'),
    merchantNo: z.string().trim().max(30).optional(),
  })
  .superRefine((value, context) => {
    if (value.type === 'MERCHANT' && !value.merchantNo) context.addIssue({ code: 'custom', path: ['merchantNo'], message: 'accounts.errors.merchantRequired' });
  });

export const editAccountSchema = accountFieldsSchema.extend({ userId: z.number().int().positive() });

export type NewAccount = z.output<typeof newAccountSchema>;
export type EditAccount = z.output<typeof editAccountSchema>;

/** The services' refusal codes of the account calls, each with its message key. */
export const ACCOUNT_REFUSALS: Record<string, string> = {
  DUPLICATE_ACCOUNT: 'accounts.errors.duplicateAccount',
  DUPLICATE_EMAIL: 'accounts.errors.duplicateEmail',
  MERCHANT_REQUIRED: 'accounts.errors.merchantRequired',
  MERCHANT_HAS_ACCOUNT: 'accounts.errors.merchantHasAccount',
  OWN_ACCOUNT: 'accounts.errors.ownAccount',
};
