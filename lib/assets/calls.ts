import 'server-only';
import { z } from 'zod';
import { APPLICATION_STATUSES } from '../applications/codes';
import { applicationSchema } from '../applications/rules';
import { ASSET_TYPES, DIRECTIONS, HISTORY_SORTS, PANEL_FIGURES, PIE_ITEMS } from './codes';
import { PAYMENT_TYPES } from '../domain/transaction-types';
import { calls, define, list, money, userid } from '../gateway/define';

/**
 * Total assets (roles 1 and 8 of a customer; no partner variant, so a partner's call is refused by
 * the menu here and by the services) and the applications for a payment service (the main account).
 */

const day8 = z.string().regex(/^\d{8}$/);
const span14 = z.string().regex(/^\d{14}$/);

export const assetMovement = z.looseObject({
  id: z.number().int(),
  operationDate: span14,
  customerId: z.string(),
  amount: money,
  operationType: z.string(),
  assetType: z.enum(ASSET_TYPES),
  operationSource: z.string(),
  direction: z.enum(DIRECTIONS),
  operator: z.string(),
});

export const serviceApplication = z.looseObject({
  id: z.number().int(),
  applicationNo: z.string(),
  merchant_no: z.string(),
  business_name: z.string(),
  business_cname: z.string(),
  payment_type: z.string(),
  stores: z.string(),
  storeCount: z.number().int(),
  monthlyVolume: money,
  status: z.enum(APPLICATION_STATUSES),
  rejectReason: z.string(),
  createdAt: span14,
  updatedAt: span14,
});

/** A merchant as the application form offers it: its stores and the state of each payment service. */
export const applicableMerchant = z.looseObject({
  merchant_no: z.string(),
  business_name: z.string(),
  business_cname: z.string(),
  stores: z.array(z.looseObject({ store_code: z.string(), store_name: z.string(), status: z.string() })),
  services: z.array(z.looseObject({ payment_type: z.enum(PAYMENT_TYPES), enabled: z.boolean(), open: z.boolean() })),
});

export const ASSET_CALLS = calls({
  assetPanel: define({
    method: 'GET',
    path: '/api/TotalAssets/GetPanelItem',
    input: z.object({}),
    answer: z.looseObject(Object.fromEntries(PANEL_FIGURES.map((figure) => [figure, money])) as Record<(typeof PANEL_FIGURES)[number], typeof money>),
    menus: ['totalAssets'],
    inject: userid,
  }),
  assetPie: define({
    method: 'GET',
    path: '/api/TotalAssets/GetPieItems',
    input: z.object({}),
    answer: z.array(z.looseObject({ name: z.enum(PIE_ITEMS), value: money })),
    menus: ['totalAssets'],
    inject: userid,
  }),
  assetHistory: define({
    method: 'GET',
    path: '/api/TotalAssets/GetPanelItemDetail',
    input: z.object({
      limit: z.number().int().min(1).max(1000).default(10),
      page: z.number().int().min(1).default(1),
      sort: z.enum(HISTORY_SORTS).default('operationDate'),
      order: z.enum(['asc', 'desc']).default('desc'),
      dateFrom: day8.optional(),
      dateTo: day8.optional(),
      assetType: z.enum(ASSET_TYPES).optional(),
      direction: z.enum(DIRECTIONS).optional(),
      operationType: z.string().max(40).optional(),
      operationSource: z.string().max(40).optional(),
    }),
    answer: list(assetMovement).extend({ totalIncrease: money, totalDecrease: money }),
    menus: ['totalAssets'],
    inject: userid,
  }),
  applicableServices: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetApplicableServices',
    input: z.object({}),
    answer: z.array(applicableMerchant),
    menus: ['applyService'],
    inject: userid,
  }),
  serviceApplications: define({
    method: 'GET',
    path: '/api/MerchantInfo/GetServiceApplications',
    input: z.object({
      limit: z.number().int().min(1).max(1000).default(10),
      page: z.number().int().min(1).default(1),
      sort: z.enum(['createdAt', 'updatedAt', 'merchant_no', 'payment_type', 'status']).default('createdAt'),
      order: z.enum(['asc', 'desc']).default('desc'),
      createdFrom: span14.optional(),
      createdTo: span14.optional(),
      merchant_no: z.string().max(30).optional(),
      payment_type: z.enum(PAYMENT_TYPES).optional(),
      status: z.enum(APPLICATION_STATUSES).optional(),
    }),
    answer: list(serviceApplication),
    menus: ['applyService'],
    inject: userid,
  }),
  applyService: define({
    method: 'POST',
    path: '/api/MerchantInfo/ApplyPaymentService',
    input: applicationSchema,
    answer: z.looseObject({ success: z.literal(1), applicationNo: z.string(), status: z.literal('SUBMITTED') }),
    menus: ['applyService'],
    inject: userid,
  }),
});
