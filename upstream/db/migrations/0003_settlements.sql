-- Settlement and fund settlement (issue 11): which remittance pays a settlement file, and which
-- merged remittance pays a day's remittance, so that every figure can be traced to its rows.

-- The remittance that pays this file (one per merchant, settlement day and wallet).
ALTER TABLE settlement_files ADD COLUMN remittance_id bigint;
CREATE INDEX settlement_files_remittance ON settlement_files (remittance_id);
CREATE INDEX settlement_files_customer_type ON settlement_files (customer_no, payment_type, settledate DESC);

-- A merged remittance (merge_remit) pays several days at once: its members point at it and are
-- listed under it, never beside it, so no amount is counted twice.
ALTER TABLE remittances ADD COLUMN merged_into bigint REFERENCES remittances(id);
CREATE INDEX remittances_members ON remittances (merged_into) WHERE merged_into IS NOT NULL;
CREATE INDEX remittances_customer_wallet ON remittances (customer_no, wallet, reconciliation_date DESC) WHERE merged_into IS NULL;

-- A file's transactions in id order: its details page and its download read this index only.
CREATE INDEX transactions_settle_file_rows ON transactions (settle_file_id, id) WHERE settle_file_id IS NOT NULL;
DROP INDEX transactions_settle_file;
