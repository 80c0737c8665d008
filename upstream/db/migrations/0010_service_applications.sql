-- Total assets and applications for a payment service (issue 13).

-- A movement names its operation type and source by stable codes, which the portal translates;
-- databases seeded before this get the codes of the texts they hold.
UPDATE total_asset_history SET operation_type = CASE operation_type WHEN 'Initial margin' THEN 'INITIAL_MARGIN' WHEN 'Margin top-up' THEN 'MARGIN_TOP_UP' WHEN 'Margin release' THEN 'MARGIN_RELEASE' WHEN 'Security deposit' THEN 'SECURITY_DEPOSIT' WHEN 'Refund pool top-up' THEN 'REFUND_POOL_TOP_UP' WHEN 'Refunds paid' THEN 'REFUNDS_PAID' ELSE operation_type END;

-- A merchant's request for a payment service it does not have, for some or all of its stores.
-- Status: SUBMITTED, then UNDER_REVIEW, then APPROVED or REJECTED (with the reviewer's reason).
CREATE TABLE service_applications (
  id            bigserial PRIMARY KEY,
  application_no text NOT NULL UNIQUE,
  customer_no   text NOT NULL REFERENCES customers(customer_no),
  merchant_no   text NOT NULL REFERENCES merchants(merchant_no),
  payment_type  text NOT NULL,
  store_codes   text[] NOT NULL CHECK (cardinality(store_codes) > 0),
  contact_name  text NOT NULL,
  contact_number text NOT NULL,
  monthly_volume numeric(18,2) NOT NULL CHECK (monthly_volume > 0),
  remark        text NOT NULL DEFAULT '',
  status        text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'UNDER_REVIEW', 'APPROVED', 'REJECTED')),
  reject_reason text NOT NULL DEFAULT '',
  applicant_user_id integer NOT NULL REFERENCES users(user_id),
  created_at    timestamp NOT NULL,
  updated_at    timestamp NOT NULL,
  CHECK (status <> 'REJECTED' OR reject_reason <> '')
);
CREATE INDEX service_applications_customer ON service_applications (customer_no, created_at DESC, id DESC);

-- One open application per merchant and service, even when two arrive at the same moment: the
-- second insert finds the first (ON CONFLICT against this index) and is refused.
CREATE UNIQUE INDEX service_applications_one_open ON service_applications (merchant_no, payment_type) WHERE status IN ('SUBMITTED', 'UNDER_REVIEW');
