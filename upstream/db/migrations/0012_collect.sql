-- Collect payment (issue 15): each store's payment QR code and payment requests with a pay link.

-- A store's QR code names the store by an opaque random token, never by its code: a payer who
-- scans one store's code cannot guess another's. Issued on first use and then stable (printed
-- codes stay valid).
CREATE TABLE store_qr_codes (
  store_code    text PRIMARY KEY REFERENCES stores(store_code),
  token         text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32,64}$'),
  issued_at     timestamp NOT NULL
);

-- A payment request: an amount a store asks for, paid at most once through its pay link (the
-- opaque token). `status` holds OPEN, PAID or CANCELLED; an open request whose `expires_at` has
-- passed by the services' clock is answered as EXPIRED (no job has to flip it, and a test clock
-- moves it). A request made through a store's QR code (the payer typed the amount) has no
-- `created_by`. `request_key` makes a double-clicked create answer the request already made.
CREATE TABLE payment_requests (
  id            bigserial PRIMARY KEY,
  request_no    text NOT NULL UNIQUE,
  token         text NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32,64}$'),
  customer_no   text NOT NULL REFERENCES customers(customer_no),
  merchant_no   text NOT NULL REFERENCES merchants(merchant_no),
  store_code    text NOT NULL REFERENCES stores(store_code),
  amount        numeric(18,2) NOT NULL CHECK (amount > 0),
  currency      text NOT NULL DEFAULT 'HKD' CHECK (currency = 'HKD'),
  description   text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
  status        text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'CANCELLED')),
  created_at    timestamp NOT NULL,
  created_by    integer REFERENCES users(user_id),
  expires_at    timestamp NOT NULL CHECK (expires_at > created_at),
  request_key   text,
  paid_at       timestamp,
  -- Checked at commit: a payment marks its request paid before it writes the sale.
  transaction_id bigint REFERENCES transactions(id) DEFERRABLE INITIALLY DEFERRED,
  payment_type  text,
  cancelled_at  timestamp,
  cancelled_by  integer REFERENCES users(user_id),
  UNIQUE (customer_no, request_key),
  CHECK ((status = 'PAID') = (transaction_id IS NOT NULL AND paid_at IS NOT NULL AND payment_type IS NOT NULL)),
  CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
);
CREATE INDEX payment_requests_customer ON payment_requests (customer_no, created_at DESC, id DESC);
-- One sale per request: two payments that raced past the row lock still cannot both record theirs.
CREATE UNIQUE INDEX payment_requests_transaction ON payment_requests (transaction_id) WHERE transaction_id IS NOT NULL;
CREATE SEQUENCE payment_request_no_seq;
