// The shared validation rules as the browser uses them. Loaded on demand (`loadSchemas`), so zod is
// not part of any page's first load; browser code reaches zod only through this module, whose first
// import configures zod before any schema below is built.
import './zod-setup';

export { contactFormSchema, forgotFormSchema, loginFormSchema, newPasswordSchema } from '@/lib/auth/forms';
export { listSchema } from '@/lib/list-kit/schema';
export { editAccountSchema, newAccountSchema } from '@/lib/accounts/rules';
export { decisionSchema, findTransactionSchema, refundRequestSchema } from '@/lib/refunds/rules';
export { applicationSchema } from '@/lib/applications/rules';
export { paymentRequestSchema } from '@/lib/collect/rules';
