import { z } from 'zod';
import { APPLICATION_STATUSES, NEXT_STATUSES, OPEN_STATUSES, REASON_MAX, type ApplicationStatus } from '../../lib/applications/codes';
import { applicationSchema } from '../../lib/applications/rules';
import { PAYMENT_TYPES } from '../../lib/domain/transaction-types';
import { SEARCH_SPAN_DAYS } from '../../lib/format/span';
import type { Queryable } from '../db/database';
import { authedCall, publicCall, type Endpoint } from '../http/endpoint';
import { forbidden, notFound, ServiceError } from '../http/errors';
import { optionalText, pageOf, pageOffset, paging, text, timestamp14, wholeNumber } from '../http/inputs';
import { sendMail } from './mail';
import { checkUserId, timeSpan } from './scope-checks';

/**
 * Applications for a payment service (issue 13, designed here): a customer's main account asks for
 * a service one of its merchants does not have, for some or all of that merchant's stores. One
 * application per merchant and service may be open at a time (a unique index decides, so two
 * arriving together cannot both pass); the provider reviews it (in demo mode /dev/applications/advance).
 */

const MENU = ['applyService'];
const OPEN = `(${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/** The customer's main accounts (role 1): they are told about every application. */
async function mainAccounts(db: Queryable, customerNo: string) {
  return db.query<{ contact_email: string; name: string }>(
    "SELECT contact_email, name FROM users WHERE type = 'CUSTOMER' AND type_no = $1 AND role_id = 1 AND status = 1 ORDER BY user_id",
    [customerNo],
  );
}

async function tellMainAccounts(db: Queryable, customerNo: string, subject: string, lines: string[], now: string) {
  for (const user of await mainAccounts(db, customerNo)) await sendMail(db, user.contact_email, subject, [`Dear ${user.name},`, '', ...lines].join('\n'), now);
}

export interface NewApplication {
  customerNo: string;
  merchantNo: string;
  paymentType: string;
  storeCodes: string[];
  contactName: string;
  contactNumber: string;
  monthlyVolume: string;
  remark: string;
  status: ApplicationStatus;
  rejectReason: string;
  applicantUserId: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * Stores an application and answers its number (AP, the day, the id), or undefined when one for the
 * same merchant and service is open: ON CONFLICT against the open-application index makes the second
 * of two simultaneous applications insert nothing rather than fail. Also the demo seed's.
 */
export async function insertApplication(db: Queryable, a: NewApplication): Promise<string | undefined> {
  const [created] = await db.query<{ application_no: string }>(
    `WITH n AS (SELECT nextval(pg_get_serial_sequence('service_applications', 'id')) AS id)
     INSERT INTO service_applications (id, application_no, customer_no, merchant_no, payment_type, store_codes, contact_name, contact_number,
                                       monthly_volume, remark, status, reject_reason, applicant_user_id, created_at, updated_at)
     SELECT n.id, 'AP' || to_char($12::timestamp, 'YYYYMMDD') || lpad(n.id::text, 6, '0'), $1, $2, $3, $4::text[], $5, $6, $7::numeric, $8, $9, $10, $11::integer, $12::timestamp, $13::timestamp FROM n
     ON CONFLICT (merchant_no, payment_type) WHERE status IN ${OPEN} DO NOTHING
     RETURNING application_no`,
    [a.customerNo, a.merchantNo, a.paymentType, a.storeCodes, a.contactName, a.contactNumber, a.monthlyVolume, a.remark, a.status, a.rejectReason, a.applicantUserId, a.createdAt, a.updatedAt],
  );
  return created?.application_no;
}

/** The merchants of the caller's scope with their stores and the state of every payment service (the form's choices). */
const applicableServices = authedCall({
  method: 'GET',
  path: '/api/MerchantInfo/GetApplicableServices',
  rank: 'CUSTOMER',
  menus: MENU,
  input: z.object({ userid: wholeNumber(1).optional() }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const { merchants } = await context.scope();
    return context.db.query(
      `SELECT m.merchant_no, m.business_name, m.business_cname, m.business_cname_hans,
              (SELECT coalesce(json_agg(json_build_object('store_code', s.store_code, 'store_name', s.store_name, 'store_cname', s.store_cname,
                        'store_cname_hans', s.store_cname_hans, 'status', s.status) ORDER BY s.store_code), '[]')
                 FROM stores s WHERE s.merchant_no = m.merchant_no) AS stores,
              (SELECT coalesce(json_agg(json_build_object('payment_type', t.payment_type, 'enabled', coalesce(p.status = 'Y', false),
                        'open', EXISTS (SELECT 1 FROM service_applications a WHERE a.merchant_no = m.merchant_no AND a.payment_type = t.payment_type AND a.status IN ${OPEN}))
                        ORDER BY t.ord), '[]')
                 FROM unnest($2::text[]) WITH ORDINALITY AS t(payment_type, ord)
                 LEFT JOIN payment_services p ON p.merchant_no = m.merchant_no AND p.payment_type = t.payment_type) AS services
         FROM merchants m WHERE m.merchant_no = ANY($1) ORDER BY m.merchant_no`,
      [merchants, [...PAYMENT_TYPES]],
    );
  },
});

const apply = authedCall({
  method: 'POST',
  path: '/api/MerchantInfo/ApplyPaymentService',
  rank: 'CUSTOMER',
  menus: MENU,
  input: applicationSchema.extend({ userid: wholeNumber(1).optional() }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const { db, clock, principal } = context;
    if (principal.roleId !== 1) throw forbidden('Only the main account applies for payment services');
    const { merchants } = await context.scope();
    const [merchant] = await db.query<{ customer_no: string; business_name: string; service: string | null; stores: number; closed: number }>(
      `SELECT m.customer_no, m.business_name,
              (SELECT status FROM payment_services p WHERE p.merchant_no = m.merchant_no AND p.payment_type = $3) AS service,
              (SELECT count(*)::int FROM stores s WHERE s.merchant_no = m.merchant_no AND s.store_code = ANY($4)) AS stores,
              (SELECT count(*)::int FROM stores s WHERE s.merchant_no = m.merchant_no AND s.store_code = ANY($4) AND s.status = 'Inactive') AS closed
         FROM merchants m WHERE m.merchant_no = $1 AND m.merchant_no = ANY($2)`,
      [input.merchantNo, merchants, input.paymentType, input.storeCodes],
    );
    if (!merchant) throw notFound('No such merchant');
    if (merchant.stores !== input.storeCodes.length) throw new ServiceError(422, 'STORE_NOT_OF_MERCHANT', 'Every store must be one of this merchant\'s');
    if (merchant.closed > 0) throw new ServiceError(422, 'STORE_INACTIVE', 'A closed store cannot take a new payment service');
    if (merchant.service === 'Y') throw new ServiceError(409, 'SERVICE_ALREADY_ENABLED', 'This merchant already has this payment service');
    const now = clock.timestamp();
    const applicationNo = await insertApplication(db, {
      customerNo: merchant.customer_no, merchantNo: input.merchantNo, paymentType: input.paymentType, storeCodes: input.storeCodes, contactName: input.contactName,
      contactNumber: input.contactNumber, monthlyVolume: input.monthlyVolume, remark: input.remark, status: 'SUBMITTED', rejectReason: '',
      applicantUserId: principal.userId, createdAt: now, updatedAt: now,
    });
    if (!applicationNo) {
      const [open] = await db.query<{ application_no: string }>(`SELECT application_no FROM service_applications WHERE merchant_no = $1 AND payment_type = $2 AND status IN ${OPEN}`, [input.merchantNo, input.paymentType]);
      throw new ServiceError(409, 'APPLICATION_OPEN', 'An application for this service and merchant is still open', { applicationNo: open?.application_no ?? '' });
    }
    await tellMainAccounts(
      db,
      merchant.customer_no,
      `Application ${applicationNo} for ${input.paymentType} received`,
      [
        `We received application ${applicationNo} from ${principal.account} for the payment service ${input.paymentType}`,
        `for ${merchant.business_name} (${input.merchantNo}), stores ${input.storeCodes.join(', ')}.`,
        '',
        'We will tell you when it is reviewed. You can follow it under Apply for payment service.',
      ],
      now,
    );
    await context.log('application.submit', applicationNo, { merchantNo: input.merchantNo, paymentType: input.paymentType, stores: input.storeCodes.length });
    return { success: 1, applicationNo, status: 'SUBMITTED' };
  },
});

const APPLICATION_SORTS = { createdAt: 'a.created_at', updatedAt: 'a.updated_at', merchant_no: 'a.merchant_no', payment_type: 'a.payment_type', status: 'a.status' } as const;

const listApplications = authedCall({
  method: 'GET',
  path: '/api/MerchantInfo/GetServiceApplications',
  rank: 'CUSTOMER',
  menus: MENU,
  input: z.object({
    ...paging,
    limit: wholeNumber(1, 1000).default(10),
    sort: z.enum(Object.keys(APPLICATION_SORTS) as [keyof typeof APPLICATION_SORTS]).default('createdAt'),
    userid: wholeNumber(1).optional(),
    createdFrom: timestamp14.optional(),
    createdTo: timestamp14.optional(),
    merchant_no: optionalText(30),
    payment_type: z.enum(PAYMENT_TYPES).optional(),
    status: z.enum(APPLICATION_STATUSES).optional(),
  }),
  async handle(context, input) {
    checkUserId(context, input.userid);
    const { customers, merchants } = await context.scope();
    const { start, end } = timeSpan(context, input.createdFrom, input.createdTo, SEARCH_SPAN_DAYS);
    const params = [customers, merchants, start, end, input.merchant_no || null, input.payment_type ?? null, input.status ?? null];
    const where = `a.customer_no = ANY($1) AND a.merchant_no = ANY($2) AND a.created_at BETWEEN $3 AND $4
      AND ($5::text IS NULL OR a.merchant_no = $5) AND ($6::text IS NULL OR a.payment_type = $6) AND ($7::text IS NULL OR a.status = $7)`;
    const [{ total } = { total: 0 }] = await context.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM service_applications a WHERE ${where}`, params);
    const direction = input.order === 'asc' ? 'ASC' : 'DESC';
    const offset = pageOffset(total, input.limit, input.page);
    const data = offset === null ? [] : await context.db.query(
      `SELECT a.id, a.application_no AS "applicationNo", a.merchant_no, m.business_name, m.business_cname, m.business_cname_hans, a.payment_type,
              array_to_string(a.store_codes, ', ') AS stores, cardinality(a.store_codes) AS "storeCount",
              a.contact_name AS "contactName", a.contact_number AS "contactNumber", a.monthly_volume AS "monthlyVolume", a.remark,
              a.status, a.reject_reason AS "rejectReason", u.account AS applicant,
              to_char(a.created_at, 'YYYYMMDDHH24MISS') AS "createdAt", to_char(a.updated_at, 'YYYYMMDDHH24MISS') AS "updatedAt"
         FROM service_applications a JOIN merchants m ON m.merchant_no = a.merchant_no JOIN users u ON u.user_id = a.applicant_user_id
        WHERE ${where} ORDER BY ${APPLICATION_SORTS[input.sort]} ${direction}, a.id ${direction}
        LIMIT ${input.limit} OFFSET ${offset}`,
      params,
    );
    return { data, ...pageOf(total, input.limit, input.page) };
  },
});

/**
 * Demo and test mode: the provider's review, one step at a time (submitted, under review, then
 * approved or rejected with a reason). An approval enables the service for the merchant; the main
 * accounts are told of every step.
 */
const advance = publicCall({
  method: 'POST',
  path: '/dev/applications/advance',
  input: z.object({ applicationNo: text(30).min(1), status: z.enum(APPLICATION_STATUSES), reason: text(REASON_MAX).trim().optional() }),
  async handle({ db, clock }, input) {
    if (input.status === 'REJECTED' && !input.reason) throw new ServiceError(400, 'INVALID_INPUT', 'A rejection needs its reason');
    const now = clock.timestamp();
    const [current] = await db.query<{ status: ApplicationStatus; customer_no: string; merchant_no: string; payment_type: string }>(
      'SELECT status, customer_no, merchant_no, payment_type FROM service_applications WHERE application_no = $1 FOR UPDATE',
      [input.applicationNo],
    );
    if (!current) throw notFound('No such application');
    if (!NEXT_STATUSES[current.status].includes(input.status)) {
      throw new ServiceError(409, 'APPLICATION_STATUS', `An application ${current.status} cannot become ${input.status}`, { status: current.status });
    }
    await db.query('UPDATE service_applications SET status = $2, reject_reason = $3, updated_at = $4 WHERE application_no = $1', [
      input.applicationNo, input.status, input.status === 'REJECTED' ? input.reason : '', now,
    ]);
    if (input.status === 'APPROVED') {
      await db.query(
        `UPDATE payment_services SET status = 'Y', activation_date = $3::date WHERE merchant_no = $1 AND payment_type = $2`,
        [current.merchant_no, current.payment_type, now.slice(0, 10)],
      );
    }
    const outcome = input.status === 'REJECTED' ? [`It was rejected: ${input.reason}`] : [`Its status is now ${input.status.toLowerCase().replace('_', ' ')}.`];
    await tellMainAccounts(db, current.customer_no, `Application ${input.applicationNo}: ${input.status}`, [`Your application ${input.applicationNo} for ${current.payment_type} (${current.merchant_no}) was reviewed.`, ...outcome], now);
    return { applicationNo: input.applicationNo, status: input.status };
  },
});

export const APPLICATION_ENDPOINTS: Endpoint[] = [applicableServices, apply, listApplications];
/** Mounted with the other /dev helpers (services/dev.ts), never in production. */
export const APPLICATION_DEV_ENDPOINTS: Endpoint[] = [advance];
