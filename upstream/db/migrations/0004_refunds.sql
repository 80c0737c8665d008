-- Idempotency: a form's key (or a batch row's key, derived from the file) names one refund request
-- per customer; a replayed or double-clicked submit answers the request it already made.
ALTER TABLE refunds ADD COLUMN request_key text;
CREATE UNIQUE INDEX refunds_request_key ON refunds (customer_no, request_key) WHERE request_key IS NOT NULL;

-- Wrong approval passwords are counted like wrong sign-ins: after N the user's approvals lock for a while.
ALTER TABLE users ADD COLUMN approval_failures integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN approval_locked_until timestamp;
