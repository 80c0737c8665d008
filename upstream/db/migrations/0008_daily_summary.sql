-- Daily summary of transactions (issue 17): count and amount per customer, merchant, store,
-- terminal, payment type, transaction type and business day. Summaries without an amount or key
-- filter read these rows instead of every transaction of their span. The category and the store
-- name go with the key because the summaries show them; both follow from the other columns.
-- Triggers on transactions keep it equal to the row sums on every write path (the seed's batches,
-- paid refunds, anything later), inserting, updating, deleting and truncating alike.

-- A day is whole for the summary when a span runs from its 00:00:00 to its 23:59:59: true only
-- while payment times carry no fractions of a second, which every writer already stores.
ALTER TABLE transactions ADD CONSTRAINT transactions_whole_seconds CHECK (gmt_payment = date_trunc('second', gmt_payment));

CREATE TABLE daily_summary (
  customer_no   text NOT NULL,
  day           date NOT NULL,
  merchant_no   text NOT NULL,
  store_code    text NOT NULL,
  store_name    text NOT NULL,
  terminal_no   text NOT NULL,
  payment_type  text NOT NULL,
  trans_type    text NOT NULL,
  category      text NOT NULL,
  count         bigint NOT NULL,
  amount        numeric(20,2) NOT NULL,
  PRIMARY KEY (customer_no, day, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category)
);
CREATE INDEX daily_summary_merchant_day ON daily_summary (merchant_no, day);

-- Adds the given rows' counts and amounts (sign 1) or takes them away (sign -1). Groups are
-- summed first, so one statement of 20 000 rows touches each key once.
CREATE FUNCTION daily_summary_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO daily_summary AS s
    SELECT customer_no, gmt_payment::date, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category,
           -count(*), -sum(trans_amount)
      FROM old_rows
     GROUP BY customer_no, gmt_payment::date, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category
    ON CONFLICT (customer_no, day, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category)
    DO UPDATE SET count = s.count + excluded.count, amount = s.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO daily_summary AS s
    SELECT customer_no, gmt_payment::date, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category,
           count(*), sum(trans_amount)
      FROM new_rows
     GROUP BY customer_no, gmt_payment::date, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category
    ON CONFLICT (customer_no, day, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category)
    DO UPDATE SET count = s.count + excluded.count, amount = s.amount + excluded.amount;
  END IF;
  -- Keys whose rows all went away leave nothing behind.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM daily_summary WHERE count = 0 AND (customer_no, day) IN (SELECT DISTINCT customer_no, gmt_payment::date FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION daily_summary_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE daily_summary;
  RETURN NULL;
END
$$;

-- PostgreSQL lets a trigger with transition tables fire on one event only: three triggers, one function.
CREATE TRIGGER daily_summary_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daily_summary_apply();
CREATE TRIGGER daily_summary_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daily_summary_apply();
CREATE TRIGGER daily_summary_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION daily_summary_apply();
CREATE TRIGGER daily_summary_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION daily_summary_clear();

-- Transactions stored before this migration.
INSERT INTO daily_summary
SELECT customer_no, gmt_payment::date, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category,
       count(*), sum(trans_amount)
  FROM transactions
 GROUP BY customer_no, gmt_payment::date, merchant_no, store_code, store_name, terminal_no, payment_type, trans_type, category;
