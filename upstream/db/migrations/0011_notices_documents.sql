-- Notifications and upload documents (issue 15).

-- A notice is payment-service news or a notice about the merchant's own business; an important one
-- opens as a dialog after sign-in until each user acknowledges it. `source_key` names a notice the
-- services derive themselves (a business registration about to expire), so it is made once. `link`
-- is the portal route where the user acts on it. A notice with a customer is for that customer's
-- users only (never a partner's); one without is for everyone.
ALTER TABLE notifications ADD COLUMN kind text NOT NULL DEFAULT 'NEWS' CHECK (kind IN ('NEWS', 'NOTICE'));
ALTER TABLE notifications ADD COLUMN important boolean NOT NULL DEFAULT false;
ALTER TABLE notifications ADD COLUMN link text CHECK (link IS NULL OR link ~ '^/[A-Za-z/]*$');
ALTER TABLE notifications ADD COLUMN source_key text UNIQUE;
-- A notice about one merchant is for the users who see that merchant; one to a user, for that user.
ALTER TABLE notifications ADD COLUMN merchant_no text REFERENCES merchants(merchant_no);
ALTER TABLE notifications ADD COLUMN user_id integer REFERENCES users(user_id);
CREATE INDEX notifications_customer ON notifications (customer_no, created_at DESC);

-- Read state is per user; acknowledging an important notice also reads it.
ALTER TABLE notification_reads ADD COLUMN acknowledged_at timestamp;
CREATE INDEX notification_reads_user ON notification_reads (user_id);

-- Documents a merchant sends the provider, stored in the database. The type is known from the
-- content (magic bytes), checked by the portal and again by the services.
CREATE TABLE documents (
  id            bigserial PRIMARY KEY,
  customer_no   text NOT NULL REFERENCES customers(customer_no),
  merchant_no   text REFERENCES merchants(merchant_no),
  doc_type      text NOT NULL CHECK (doc_type IN ('BUSINESS_REGISTRATION', 'DIRECTOR_ID', 'BANK_PROOF', 'STORE_PHOTO', 'OTHER')),
  file_name     text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 120),
  content_type  text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes    integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 5242880),
  sha256        text NOT NULL,
  content       bytea NOT NULL,
  status        text NOT NULL DEFAULT 'RECEIVED' CHECK (status IN ('RECEIVED', 'UNDER_REVIEW', 'ACCEPTED', 'REJECTED')),
  reason        text,
  uploaded_by   integer NOT NULL REFERENCES users(user_id),
  uploaded_at   timestamp NOT NULL,
  reviewed_at   timestamp,
  CHECK (status <> 'REJECTED' OR reason IS NOT NULL),
  CHECK (octet_length(content) = size_bytes)
);
CREATE INDEX documents_customer ON documents (customer_no, uploaded_at DESC, id DESC);
