-- The activity log (issue 14): who did what, to which object, from which address, with what outcome.
-- The address and the outcome get their own columns (the address was kept inside detail before).
ALTER TABLE activity_log ADD COLUMN ip text NOT NULL DEFAULT '';
ALTER TABLE activity_log ADD COLUMN outcome text NOT NULL DEFAULT 'success' CHECK (outcome IN ('success', 'refused', 'cancelled', 'failed'));
UPDATE activity_log SET ip = coalesce(detail->>'ip', ''), detail = detail - 'ip';
CREATE INDEX activity_log_time ON activity_log (created_at DESC, id DESC);

-- Append-only in the database itself: no statement may change or remove an entry, whoever sends it.
-- (The demo seed empties every table with TRUNCATE, which is an operator's reset, not a call.)
-- The function body stays on one line: the migration runner splits statements at line-ending semicolons.
CREATE FUNCTION activity_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'activity_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log FOR EACH ROW EXECUTE FUNCTION activity_log_append_only();

-- Every role but single search (5) reads its own activity log; databases seeded before this get the menu here.
INSERT INTO role_menus (role_id, menu_code) SELECT role_id, 'activityLog' FROM roles WHERE role_id IN (2, 3, 4, 6, 7, 8) AND EXISTS (SELECT 1 FROM menus WHERE code = 'activityLog') ON CONFLICT DO NOTHING;

-- A merchant has at most one account, even when two administrators add one at the same moment.
CREATE UNIQUE INDEX users_one_per_merchant ON users (type_no) WHERE type = 'MERCHANT';
