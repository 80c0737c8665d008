-- Which password a successful current-password check proved (login or op): an update of the other
-- kind must not ride on it.
ALTER TABLE tokens ADD COLUMN verified_kind text;

-- Refund numbers from a sequence: concurrent requests never collide, and the number reveals nothing.
CREATE SEQUENCE refund_no_seq;
