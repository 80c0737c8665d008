/**
 * The fixed part of the demo data: the organisation tree, roles, menus and demo users of
 * DESIGN.md section 5. Transactions and everything derived from them are generated (generate.ts).
 */

export const DEMO_PASSWORD = 'Portal#2026';

/**
 * The demo user enrolled with an authenticator app (issue 26), whose secret README prints so that
 * anyone can add it to an app and try the second step; every other demo user has no second factor.
 */
export const DEMO_FACTOR_ACCOUNT = 'secure@demo.test';
export const DEMO_FACTOR_SECRET = 'KRUGS4ZANFZSAYJAMRSW233TMVRXEZLU';
export const DEMO_RECOVERY_CODES = ['secur-aaaaa', 'secur-bbbbb', 'secur-ccccc', 'secur-ddddd', 'secur-eeeee', 'secur-fffff', 'secur-ggggg', 'secur-hhhhh', 'secur-iiiii', 'secur-jjjjj'];

/**
 * Every organisation, merchant and store has a name per language: English, Traditional Chinese
 * (`cname`, the spec's Chinese name, as Hong Kong writes it) and Simplified Chinese (`_hans`). A
 * unit test checks each Simplified name against an OpenCC conversion of the Traditional one.
 */
export const PARTNERS = [{ partner_no: 'P0001', name: 'Harbour Payments Partners', cname: '海港支付夥伴', cname_hans: '海港支付伙伴' }];

/**
 * Banks by the first 8 characters of their SWIFT code (bank, country, location): one name per
 * language wherever a bank is shown (a merchant's account, a payment service, a remittance).
 */
export const BANKS = [
  { bic8: 'HSBCHKHH', eng_name: 'The Hongkong and Shanghai Banking Corporation Limited', ch_name: '香港上海滙豐銀行有限公司', ch_name_hans: '香港上海汇丰银行有限公司' },
];

export interface CustomerSeed {
  customer_no: string;
  customer_name: string;
  customer_cname: string;
  customer_cname_hans: string;
  partner_no: string | null;
  /** Share of all generated transactions. */
  weight: number;
  merchants: { business_name: string; business_cname: string; business_cname_hans: string; stores: number; terminalsPerStore: number }[];
}

export const CUSTOMERS: CustomerSeed[] = [
  {
    customer_no: 'C0001',
    customer_name: 'Golden Harbour Trading Limited',
    customer_cname: '金港貿易有限公司',
    customer_cname_hans: '金港贸易有限公司',
    partner_no: 'P0001',
    weight: 45,
    merchants: [
      { business_name: 'Golden Harbour Seafood Restaurant', business_cname: '金港海鮮酒家', business_cname_hans: '金港海鲜酒家', stores: 3, terminalsPerStore: 3 },
      { business_name: 'Golden Harbour Bakery', business_cname: '金港餅店', business_cname_hans: '金港饼店', stores: 2, terminalsPerStore: 2 },
      { business_name: 'Golden Harbour Tea House', business_cname: '金港茶樓', business_cname_hans: '金港茶楼', stores: 2, terminalsPerStore: 2 },
      { business_name: 'Golden Harbour Online Store', business_cname: '金港網上商店', business_cname_hans: '金港网上商店', stores: 1, terminalsPerStore: 1 },
    ],
  },
  {
    customer_no: 'C0002',
    customer_name: 'Kowloon Bay Foods Limited',
    customer_cname: '九龍灣食品有限公司',
    customer_cname_hans: '九龙湾食品有限公司',
    partner_no: null,
    weight: 25,
    merchants: [
      { business_name: 'Kowloon Bay Noodle Bar', business_cname: '九龍灣麵家', business_cname_hans: '九龙湾面家', stores: 2, terminalsPerStore: 2 },
      { business_name: 'Kowloon Bay Dessert House', business_cname: '九龍灣糖水舖', business_cname_hans: '九龙湾糖水铺', stores: 1, terminalsPerStore: 2 },
    ],
  },
  {
    customer_no: 'C0003',
    customer_name: 'Lantau Retail Group Limited',
    customer_cname: '大嶼山零售集團有限公司',
    customer_cname_hans: '大屿山零售集团有限公司',
    partner_no: 'P0001',
    weight: 20,
    merchants: [
      { business_name: 'Lantau Outdoor Gear', business_cname: '大嶼山戶外用品', business_cname_hans: '大屿山户外用品', stores: 2, terminalsPerStore: 2 },
      { business_name: 'Lantau Pharmacy', business_cname: '大嶼山藥房', business_cname_hans: '大屿山药房', stores: 1, terminalsPerStore: 2 },
    ],
  },
  {
    customer_no: 'C0004',
    customer_name: 'Victoria Peak Cafe Company Limited',
    customer_cname: '太平山咖啡有限公司',
    customer_cname_hans: '太平山咖啡有限公司',
    partner_no: 'P0001',
    weight: 10,
    merchants: [{ business_name: 'Victoria Peak Cafe', business_cname: '太平山咖啡室', business_cname_hans: '太平山咖啡室', stores: 2, terminalsPerStore: 1 }],
  },
];

/** Districts with their streets; `cn` and `district_cname` are Traditional, `_hans` Simplified. */
export const DISTRICTS = [
  { province: 'Hong Kong', city: 'Hong Kong Island', district: 'Central and Western', street: "Queen's Road Central", cn: '皇后大道中', cn_hans: '皇后大道中', district_cname: '中西區', district_cname_hans: '中西区' },
  { province: 'Hong Kong', city: 'Hong Kong Island', district: 'Wan Chai', street: 'Hennessy Road', cn: '軒尼詩道', cn_hans: '轩尼诗道', district_cname: '灣仔', district_cname_hans: '湾仔' },
  { province: 'Hong Kong', city: 'Kowloon', district: 'Yau Tsim Mong', street: 'Nathan Road', cn: '彌敦道', cn_hans: '弥敦道', district_cname: '油尖旺', district_cname_hans: '油尖旺' },
  { province: 'Hong Kong', city: 'Kowloon', district: 'Kwun Tong', street: 'Hoi Bun Road', cn: '海濱道', cn_hans: '海滨道', district_cname: '觀塘', district_cname_hans: '观塘' },
  { province: 'Hong Kong', city: 'New Territories', district: 'Sha Tin', street: 'Sha Tin Centre Street', cn: '沙田正街', cn_hans: '沙田正街', district_cname: '沙田', district_cname_hans: '沙田' },
  { province: 'Hong Kong', city: 'New Territories', district: 'Islands', street: 'Tung Chung Waterfront Road', cn: '東涌海濱路', cn_hans: '东涌海滨路', district_cname: '離島', district_cname_hans: '离岛' },
];

export interface RoleSeed {
  role_id: number;
  role_name: string;
  role_cname: string;
  role_tname: string;
  can_apply: boolean;
  can_approve: boolean;
  has_op_password: boolean;
  single_search_only: boolean;
  menus: string[] | 'all';
}

// Everyone but the single-search role reads its own activity log (the administrator reads the organisation's).
const VIEW = ['dashboard', 'notifications', 'activityLog'];

/** Spec section 6's roles; what "no description" (role 2) may see is our choice: read-only data. */
export const ROLES: RoleSeed[] = [
  { role_id: 1, role_name: 'Administrator', role_cname: '管理员', role_tname: '管理員', can_apply: true, can_approve: true, has_op_password: true, single_search_only: false, menus: 'all' },
  { role_id: 2, role_name: 'Viewer', role_cname: '查看员', role_tname: '查看員', can_apply: false, can_approve: false, has_op_password: true, single_search_only: false, menus: [...VIEW, 'merchants', 'payments', 'stores', 'transactions', 'settles', 'reconciliation'] },
  { role_id: 3, role_name: 'Checker', role_cname: '审批员', role_tname: '審批員', can_apply: false, can_approve: true, has_op_password: true, single_search_only: false, menus: [...VIEW, 'transactions', 'settles', 'reconciliation', 'reviewRefund'] },
  { role_id: 4, role_name: 'Maker', role_cname: '申请员', role_tname: '申請員', can_apply: true, can_approve: false, has_op_password: false, single_search_only: false, menus: [...VIEW, 'transactions', 'refundRequest'] },
  { role_id: 5, role_name: 'Single transaction search', role_cname: '单笔交易查询员', role_tname: '單筆交易查詢員', can_apply: false, can_approve: false, has_op_password: false, single_search_only: true, menus: ['transactions'] },
  { role_id: 6, role_name: 'Alipay and WeChat Pay settlement', role_cname: '支付宝及微信支付结算员', role_tname: '支付寶及微信支付結算員', can_apply: false, can_approve: false, has_op_password: false, single_search_only: false, menus: [...VIEW, 'settleWxAli', 'reconWxAli'] },
  { role_id: 7, role_name: 'Maker and checker', role_cname: '申请及审批员', role_tname: '申請及審批員', can_apply: true, can_approve: true, has_op_password: true, single_search_only: false, menus: [...VIEW, 'transactions', 'refundRequest', 'reviewRefund'] },
  { role_id: 8, role_name: 'Total assets', role_cname: '总资产查看员', role_tname: '總資產查看員', can_apply: false, can_approve: false, has_op_password: false, single_search_only: false, menus: [...VIEW, 'totalAssets'] },
];

/** Menu codes (the last segment of each route), their groups, and whether partners may have them. */
export const MENUS: { code: string; parent: string | null; customerOnly: boolean }[] = [
  { code: 'dashboard', parent: null, customerOnly: false },
  { code: 'collect', parent: null, customerOnly: true },
  { code: 'merchantCode', parent: 'collect', customerOnly: true },
  { code: 'createTransaction', parent: 'collect', customerOnly: true },
  { code: 'merchant', parent: null, customerOnly: false },
  { code: 'totalAssets', parent: 'merchant', customerOnly: true },
  { code: 'merchants', parent: 'merchant', customerOnly: false },
  { code: 'payments', parent: 'merchant', customerOnly: false },
  { code: 'stores', parent: 'merchant', customerOnly: false },
  { code: 'applyService', parent: 'merchant', customerOnly: true },
  { code: 'transaction', parent: null, customerOnly: false },
  { code: 'transactions', parent: 'transaction', customerOnly: false },
  { code: 'settles', parent: 'transaction', customerOnly: false },
  { code: 'reconciliation', parent: 'transaction', customerOnly: false },
  { code: 'refundRequest', parent: 'transaction', customerOnly: true },
  { code: 'reviewRefund', parent: 'transaction', customerOnly: true },
  { code: 'settleWxAli', parent: 'transaction', customerOnly: false },
  { code: 'reconWxAli', parent: 'transaction', customerOnly: false },
  { code: 'smartTips', parent: 'transaction', customerOnly: false },
  { code: 'accountMng', parent: null, customerOnly: true },
  { code: 'accountStatus', parent: 'accountMng', customerOnly: true },
  { code: 'log', parent: null, customerOnly: false },
  { code: 'activityLog', parent: 'log', customerOnly: false },
  { code: 'uploadDocuments', parent: null, customerOnly: true },
  { code: 'notifications', parent: null, customerOnly: false },
];

export interface UserSeed {
  account: string;
  email: string;
  type: 'CUSTOMER' | 'PARTNER';
  type_no: string;
  name: string;
  role_id: number;
  is_admin?: boolean;
  pwd_flag?: boolean;
  op_pwd_flag?: boolean;
  appellation: 'MR' | 'MS';
  job_title: string;
  department: string;
  contact_number: string;
}

/** DESIGN.md section 5's demo users, plus a maker and checker for the second customer. */
export const USERS: UserSeed[] = [
  { account: 'admin', email: 'admin@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Chan Tai Man', role_id: 1, is_admin: true, appellation: 'MR', job_title: 'Director', department: 'Management', contact_number: '85291234567' },
  { account: 'maker@demo.test', email: 'maker@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Wong Siu Ling', role_id: 4, appellation: 'MS', job_title: 'Cashier Supervisor', department: 'Operations', contact_number: '85292345678' },
  { account: 'checker@demo.test', email: 'checker@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Lee Ka Fai', role_id: 3, appellation: 'MR', job_title: 'Finance Manager', department: 'Finance', contact_number: '85293456789' },
  { account: 'viewer@demo.test', email: 'viewer@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Cheung Mei Yee', role_id: 5, appellation: 'MS', job_title: 'Customer Service', department: 'Front Office', contact_number: '85294567890' },
  { account: 'wxali@demo.test', email: 'wxali@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Ho Wing Kei', role_id: 6, appellation: 'MR', job_title: 'Wallet Settlement Officer', department: 'Finance', contact_number: '85295678901' },
  { account: 'assets@demo.test', email: 'assets@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Lam Hoi Yan', role_id: 8, appellation: 'MS', job_title: 'Treasurer', department: 'Finance', contact_number: '85296789012' },
  { account: 'partner@demo.test', email: 'partner@demo.test', type: 'PARTNER', type_no: 'P0001', name: 'Ng Chi Keung', role_id: 1, appellation: 'MR', job_title: 'Partner Manager', department: 'Partnerships', contact_number: '85297890123' },
  { account: 'newcomer@demo.test', email: 'newcomer@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Yeung Ka Yan', role_id: 2, pwd_flag: true, op_pwd_flag: true, appellation: 'MS', job_title: 'Accounts Assistant', department: 'Finance', contact_number: '85298901234' },
  { account: 'secure@demo.test', email: 'secure@demo.test', type: 'CUSTOMER', type_no: 'C0001', name: 'Chow Siu Fung', role_id: 3, appellation: 'MR', job_title: 'Risk Manager', department: 'Finance', contact_number: '85293456780' },
  { account: 'other@demo.test', email: 'other@demo.test', type: 'CUSTOMER', type_no: 'C0002', name: 'Tsang Wai Ming', role_id: 1, appellation: 'MR', job_title: 'Owner', department: 'Management', contact_number: '85299012345' },
  { account: 'other-maker@demo.test', email: 'other-maker@demo.test', type: 'CUSTOMER', type_no: 'C0002', name: 'Kwok Lai Ha', role_id: 4, appellation: 'MS', job_title: 'Shop Manager', department: 'Operations', contact_number: '85290123456' },
  { account: 'other-checker@demo.test', email: 'other-checker@demo.test', type: 'CUSTOMER', type_no: 'C0002', name: 'Fung Chun Kit', role_id: 3, appellation: 'MR', job_title: 'Accountant', department: 'Finance', contact_number: '85291123456' },
];
