-- A request key (idempotency) names one refund request or payment request per customer AND merchant.
-- Unique per customer only, a merchant-scoped sub account sending a key another merchant of its
-- customer had used got 409 REQUEST_KEY_REUSED where an unused key worked: it learned that the
-- other merchant's key existed. Keys made before stay unique under the narrower rule.
DROP INDEX refunds_request_key;
CREATE UNIQUE INDEX refunds_request_key ON refunds (customer_no, merchant_no, request_key) WHERE request_key IS NOT NULL;

ALTER TABLE payment_requests DROP CONSTRAINT payment_requests_customer_no_request_key_key;
ALTER TABLE payment_requests ADD CONSTRAINT payment_requests_request_key UNIQUE (customer_no, merchant_no, request_key);
