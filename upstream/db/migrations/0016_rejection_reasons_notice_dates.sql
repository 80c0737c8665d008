-- Issue 28. A rejected refund request carries the checker's reason: the maker reads it in the
-- request list and the activity log records it. Required for every rejection from now on; requests
-- rejected before this column existed have none (NOT VALID: the rule binds new and changed rows).
ALTER TABLE refunds ADD COLUMN reject_reason text CHECK (reject_reason IS NULL OR length(reject_reason) BETWEEN 1 AND 500);
ALTER TABLE refunds ADD CONSTRAINT refunds_rejection_reason CHECK (approve_status <> '40' OR reject_reason IS NOT NULL) NOT VALID;

-- A notice about a date (a business registration's expiry) is read for weeks after it is written:
-- its text holds {due} where the date goes, and the services word it when answering, "expires on"
-- before the day and "expired on" after it. The notices already derived are rewritten the same way.
ALTER TABLE notifications ADD COLUMN due_on date;
UPDATE notifications
   SET due_on = substring(source_key from '^br-expiry:[^:]*:(\d{4}-\d{2}-\d{2})$')::date,
       title_en = regexp_replace(title_en, 'expires on \d{4}-\d{2}-\d{2}', '{due}'),
       body_en = regexp_replace(body_en, 'expires on \d{4}-\d{2}-\d{2}', '{due}'),
       title_zh_tw = regexp_replace(title_zh_tw, '將於 \d{4}-\d{2}-\d{2} 到期', '{due}'),
       body_zh_tw = regexp_replace(body_zh_tw, '將於 \d{4}-\d{2}-\d{2} 到期', '{due}'),
       title_zh_cn = regexp_replace(title_zh_cn, '将于 \d{4}-\d{2}-\d{2} 到期', '{due}'),
       body_zh_cn = regexp_replace(body_zh_cn, '将于 \d{4}-\d{2}-\d{2} 到期', '{due}')
 WHERE source_key ~ '^br-expiry:[^:]*:\d{4}-\d{2}-\d{2}$';
