-- The reference services' system of record: every entity of spec section 3.
-- Times are Hong Kong wall-clock times (timestamp without time zone), as the upstream's
-- 14-digit timestamps are; amounts are numeric(18,2), never floating point.

CREATE TABLE partners (
  partner_no    text PRIMARY KEY,
  name          text NOT NULL,
  cname         text NOT NULL
);

CREATE TABLE customers (
  customer_no   text PRIMARY KEY,
  customer_name text NOT NULL,
  customer_cname text NOT NULL,
  partner_no    text REFERENCES partners(partner_no),
  status        text NOT NULL DEFAULT 'Active'
);
CREATE INDEX customers_partner ON customers (partner_no);

CREATE TABLE merchant_groups (
  group_id      text PRIMARY KEY,
  customer_no   text NOT NULL REFERENCES customers(customer_no),
  group_name    text NOT NULL
);

CREATE TABLE merchants (
  merchant_no   text PRIMARY KEY,
  customer_no   text NOT NULL REFERENCES customers(customer_no),
  group_id      text REFERENCES merchant_groups(group_id),
  business_name text NOT NULL,
  business_cname text NOT NULL,
  assigned_date date NOT NULL,
  tel_no        text NOT NULL,
  email         text NOT NULL,
  cn_fee        numeric(8,4) NOT NULL,
  hk_fee        numeric(8,4) NOT NULL,
  status        text NOT NULL CHECK (status IN ('Active', 'Inactive')),
  br_expiry_date date NOT NULL
);
CREATE INDEX merchants_customer ON merchants (customer_no);

CREATE TABLE stores (
  store_code    text PRIMARY KEY,
  merchant_no   text NOT NULL REFERENCES merchants(merchant_no),
  store_name    text NOT NULL,
  province      text NOT NULL,
  city          text NOT NULL,
  district      text NOT NULL,
  address       text NOT NULL,
  cn_street     text NOT NULL,
  en_street     text NOT NULL,
  status        text NOT NULL CHECK (status IN ('Active', 'Inactive', 'Applying')),
  activation_date date
);
CREATE INDEX stores_merchant ON stores (merchant_no);

CREATE TABLE terminals (
  terminal_no   text PRIMARY KEY,
  store_code    text NOT NULL REFERENCES stores(store_code),
  merchant_no   text NOT NULL REFERENCES merchants(merchant_no),
  status        text NOT NULL DEFAULT 'Active'
);
CREATE INDEX terminals_store ON terminals (store_code);

-- A payment service (card scheme or wallet) enabled or closed on a merchant, with its fees.
CREATE TABLE payment_services (
  merchant_no   text NOT NULL REFERENCES merchants(merchant_no),
  payment_type  text NOT NULL,
  status        text NOT NULL CHECK (status IN ('Y', 'N')),
  activation_date date NOT NULL,
  fee_cn        numeric(8,4) NOT NULL,
  fee_hk        numeric(8,4) NOT NULL,
  fee_hk_master numeric(8,4) NOT NULL,
  fee_hk_visa   numeric(8,4) NOT NULL,
  fee_overseas_visa numeric(8,4) NOT NULL,
  fee_overseas_master numeric(8,4) NOT NULL,
  primary_email text NOT NULL,
  primary_contact text NOT NULL,
  bank_name     text NOT NULL,
  payee         text NOT NULL,
  account_no    text NOT NULL,
  swift_code    text NOT NULL,
  PRIMARY KEY (merchant_no, payment_type)
);

CREATE TABLE bank_accounts (
  merchant_no   text PRIMARY KEY REFERENCES merchants(merchant_no),
  ch_name       text NOT NULL,
  eng_name      text NOT NULL,
  account_no    text NOT NULL,
  account_name  text NOT NULL,
  swiftcode     text NOT NULL
);

CREATE TABLE contacts (
  id            serial PRIMARY KEY,
  merchant_no   text NOT NULL REFERENCES merchants(merchant_no),
  name          text NOT NULL,
  mobile_no     text NOT NULL,
  email         text NOT NULL
);
CREATE INDEX contacts_merchant ON contacts (merchant_no);

-- Roles 1 to 8 of spec section 6 and what each may do.
CREATE TABLE roles (
  role_id       integer PRIMARY KEY,
  role_name     text NOT NULL,
  role_cname    text NOT NULL,
  role_tname    text NOT NULL,
  can_apply     boolean NOT NULL,
  can_approve   boolean NOT NULL,
  has_op_password boolean NOT NULL,
  single_search_only boolean NOT NULL
);

CREATE TABLE menus (
  code          text PRIMARY KEY,
  parent_code   text REFERENCES menus(code),
  sort          integer NOT NULL,
  -- Partners never get these (refunds, accounts, collect payment belong to a customer).
  customer_only boolean NOT NULL
);

CREATE TABLE role_menus (
  role_id       integer NOT NULL REFERENCES roles(role_id),
  menu_code     text NOT NULL REFERENCES menus(code),
  PRIMARY KEY (role_id, menu_code)
);

CREATE TABLE users (
  user_id       serial PRIMARY KEY,
  account       text NOT NULL UNIQUE,
  type          text NOT NULL CHECK (type IN ('CUSTOMER', 'MERCHANT', 'PARTNER')),
  -- The customer number (CUSTOMER, MERCHANT) or partner number (PARTNER) the user belongs to.
  type_no       text NOT NULL,
  name          text NOT NULL,
  contact_name  text NOT NULL,
  contact_email text NOT NULL,
  contact_number text NOT NULL,
  is_admin      boolean NOT NULL DEFAULT false,
  role_id       integer NOT NULL REFERENCES roles(role_id),
  status        integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  password_hash text NOT NULL,
  op_password_hash text,
  pwd_flag      boolean NOT NULL DEFAULT false,
  op_pwd_flag   boolean NOT NULL DEFAULT false,
  last_pwd_date timestamp,
  assigned_by   text NOT NULL DEFAULT '',
  auth_by       text NOT NULL DEFAULT '',
  job_title     text NOT NULL DEFAULT '',
  department    text NOT NULL DEFAULT '',
  appellation   text NOT NULL DEFAULT 'MR' CHECK (appellation IN ('MR', 'MS')),
  -- Sub-account range: {"merchant": [...], "store": [...], "group": [...]}; empty means all of type_no.
  range         jsonb NOT NULL DEFAULT '{}',
  ref_no        text,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_until  timestamp,
  pending_contact_number text,
  created_at    timestamp NOT NULL
);
CREATE INDEX users_type_no ON users (type_no);
CREATE UNIQUE INDEX users_email ON users (lower(contact_email));

CREATE TABLE password_history (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(user_id),
  kind          text NOT NULL CHECK (kind IN ('login', 'op')),
  password_hash text NOT NULL,
  created_at    timestamp NOT NULL
);
CREATE INDEX password_history_user ON password_history (user_id, kind, id DESC);

-- Session and single-sign-on tokens; only a SHA-256 of each token is kept.
CREATE TABLE tokens (
  token_hash    text PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(user_id),
  kind          text NOT NULL CHECK (kind IN ('session', 'sso')),
  login_type    text NOT NULL,
  created_at    timestamp NOT NULL,
  expires_at    timestamp NOT NULL,
  revoked_at    timestamp,
  -- Set by a successful current-password check; a password update within minutes of it is allowed.
  verified_at   timestamp
);
CREATE INDEX tokens_user ON tokens (user_id);

CREATE TABLE reset_links (
  random_id     text PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(user_id),
  created_at    timestamp NOT NULL,
  expires_at    timestamp NOT NULL,
  used_at       timestamp
);

-- Transaction type codes: see upstream/README.md (SALE, VOID, REFUND categories).
CREATE TABLE transactions (
  id            bigserial PRIMARY KEY,
  customer_no   text NOT NULL,
  merchant_no   text NOT NULL,
  store_code    text NOT NULL,
  store_name    text NOT NULL,
  terminal_no   text NOT NULL,
  order_no      text NOT NULL,
  trade_no      text NOT NULL,
  out_trade_no  text NOT NULL,
  trans_amount  numeric(18,2) NOT NULL CHECK (trans_amount >= 0),
  trans_type    text NOT NULL,
  category      text NOT NULL CHECK (category IN ('SALE', 'VOID', 'REFUND', 'OTHER')),
  trade_status  text NOT NULL,
  resp_code     text NOT NULL,
  payment_type  text NOT NULL,
  payment_inst  text NOT NULL,
  trans_currency text NOT NULL,
  remark        text NOT NULL DEFAULT '',
  trans_date    text NOT NULL,
  gmt_payment   timestamp NOT NULL,
  traceno       text NOT NULL,
  invoice_no    text NOT NULL,
  refno         text NOT NULL,
  subject       text NOT NULL,
  sett_currency text NOT NULL,
  settledate    date,
  exchange_rate numeric(12,6) NOT NULL,
  orgtransamount numeric(18,2) NOT NULL,
  orgtrans_currency text NOT NULL,
  fixed_cost    numeric(18,2) NOT NULL DEFAULT 0,
  late_fee      numeric(18,2) NOT NULL DEFAULT 0,
  late_rate     numeric(8,4) NOT NULL DEFAULT 0,
  mdr_fee       numeric(18,2) NOT NULL DEFAULT 0,
  original_id   bigint,
  settle_file_id text
);
CREATE INDEX transactions_customer_time ON transactions (customer_no, gmt_payment DESC, id DESC);
CREATE INDEX transactions_merchant_time ON transactions (merchant_no, gmt_payment DESC, id DESC);
CREATE INDEX transactions_order ON transactions (order_no);
CREATE INDEX transactions_refno ON transactions (refno);
CREATE INDEX transactions_trace ON transactions (traceno);
CREATE INDEX transactions_settle_file ON transactions (settle_file_id);
CREATE INDEX transactions_eft ON transactions (out_trade_no);
CREATE INDEX transactions_original ON transactions (original_id) WHERE original_id IS NOT NULL;
CREATE INDEX transactions_unsettled ON transactions (customer_no) WHERE settledate IS NULL;

-- One file per merchant, settlement day and payment type; totals equal its transactions.
CREATE TABLE settlement_files (
  file_id       text PRIMARY KEY,
  customer_no   text NOT NULL,
  merchant_no   text NOT NULL,
  settledate    date NOT NULL,
  file_name     text NOT NULL,
  payment_type  text NOT NULL,
  batch_no      text NOT NULL,
  total_volume  numeric(18,2) NOT NULL,
  total_count   integer NOT NULL,
  mdr_fee       numeric(18,2) NOT NULL
);
CREATE INDEX settlement_files_customer ON settlement_files (customer_no, settledate DESC);

-- Fund settlement (remittance) records: what was receivable for a customer's merchant on a
-- reconciliation day and what was remitted.
CREATE TABLE remittances (
  id            bigserial PRIMARY KEY,
  customer_no   text NOT NULL,
  merchant_no   text NOT NULL,
  reconciliation_date date NOT NULL,
  wallet        text NOT NULL,
  receivable_amount numeric(18,2) NOT NULL,
  fee           numeric(18,2) NOT NULL,
  rate          numeric(8,4) NOT NULL,
  bank_name     text NOT NULL,
  account_no    text NOT NULL,
  account_name  text NOT NULL,
  swift_code    text NOT NULL,
  remit_order_type text NOT NULL,
  merge_remit   boolean NOT NULL DEFAULT false,
  real_remit_amount numeric(18,2) NOT NULL,
  not_remit_amount numeric(18,2) NOT NULL,
  remit_status  text NOT NULL CHECK (remit_status IN ('REMITTED', 'PENDING', 'FAILED'))
);
CREATE INDEX remittances_customer ON remittances (customer_no, reconciliation_date DESC);

-- Approval status: 10 to be approved, 20 approved not paid, 30 approved and paid, 40 rejected,
-- 50 cancelled by the requester (void) while still 10.
CREATE TABLE refunds (
  refund_id     bigserial PRIMARY KEY,
  refund_no     text NOT NULL UNIQUE,
  refund_batch_no text NOT NULL,
  transaction_id bigint NOT NULL REFERENCES transactions(id),
  customer_no   text NOT NULL,
  merchant_no   text NOT NULL,
  store_code    text NOT NULL,
  terminal_no   text NOT NULL,
  refund_amount numeric(18,2) NOT NULL CHECK (refund_amount > 0),
  reason        text NOT NULL,
  reason_type   text NOT NULL DEFAULT '',
  apply_user_id integer NOT NULL REFERENCES users(user_id),
  approve_user_id integer REFERENCES users(user_id),
  create_date   timestamp NOT NULL,
  approve_date  timestamp,
  finish_date   timestamp,
  approve_status text NOT NULL CHECK (approve_status IN ('10', '20', '30', '40', '50')),
  platform      text NOT NULL DEFAULT 'EPA',
  refund_transaction_id bigint REFERENCES transactions(id)
);
CREATE INDEX refunds_transaction ON refunds (transaction_id);
CREATE INDEX refunds_customer ON refunds (customer_no, approve_status, create_date DESC);

CREATE TABLE total_assets (
  customer_no   text PRIMARY KEY REFERENCES customers(customer_no),
  margin        numeric(18,2) NOT NULL,
  deposit       numeric(18,2) NOT NULL,
  refund_pool   numeric(18,2) NOT NULL,
  unavailable_balance numeric(18,2) NOT NULL,
  updated_at    timestamp NOT NULL
);

-- Movements of the margin, deposit and refund pool; each balance equals the sum of its movements.
CREATE TABLE total_asset_history (
  id            bigserial PRIMARY KEY,
  customer_no   text NOT NULL REFERENCES customers(customer_no),
  operation_date timestamp NOT NULL,
  amount        numeric(18,2) NOT NULL CHECK (amount > 0),
  operation_type text NOT NULL,
  asset_type    text NOT NULL CHECK (asset_type IN ('MARGIN', 'DEPOSIT', 'REFUND_POOL')),
  operation_source text NOT NULL,
  direction     text NOT NULL CHECK (direction IN ('INCREASE', 'DECREASE')),
  operator      text NOT NULL
);
CREATE INDEX total_asset_history_customer ON total_asset_history (customer_no, operation_date DESC);

CREATE TABLE activity_log (
  id            bigserial PRIMARY KEY,
  user_id       integer REFERENCES users(user_id),
  account       text NOT NULL,
  action        text NOT NULL,
  target        text NOT NULL DEFAULT '',
  detail        jsonb NOT NULL DEFAULT '{}',
  created_at    timestamp NOT NULL
);
CREATE INDEX activity_log_user ON activity_log (user_id, created_at DESC);

CREATE TABLE notifications (
  id            bigserial PRIMARY KEY,
  -- NULL: for every customer.
  customer_no   text REFERENCES customers(customer_no),
  title_en      text NOT NULL,
  title_zh_tw   text NOT NULL,
  title_zh_cn   text NOT NULL,
  body_en       text NOT NULL,
  body_zh_tw    text NOT NULL,
  body_zh_cn    text NOT NULL,
  created_at    timestamp NOT NULL
);

CREATE TABLE notification_reads (
  notification_id bigint NOT NULL REFERENCES notifications(id),
  user_id       integer NOT NULL REFERENCES users(user_id),
  read_at       timestamp NOT NULL,
  PRIMARY KEY (notification_id, user_id)
);

CREATE TABLE outbox (
  id            bigserial PRIMARY KEY,
  to_address    text NOT NULL,
  subject       text NOT NULL,
  body          text NOT NULL,
  created_at    timestamp NOT NULL
);

CREATE TABLE seed_info (
  id            integer PRIMARY KEY CHECK (id = 1),
  seeded_at     timestamp NOT NULL,
  anchor_day    date NOT NULL,
  transactions  integer NOT NULL,
  prng_seed     integer NOT NULL
);
