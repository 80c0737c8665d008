/** The codes of the merchant screens (spec section 4), shown by their names under `merchant.*`. */
export const MERCHANT_STATUSES = ['Active', 'Inactive'] as const;
export const STORE_STATUSES = ['Active', 'Inactive', 'Applying'] as const;
/** A payment service is enabled (Y) or closed (N). */
export const SERVICE_STATUSES = ['Y', 'N'] as const;
