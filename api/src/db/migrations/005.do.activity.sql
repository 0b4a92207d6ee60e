-- Activity: the audit log becomes readable (newest first, filtered, paged by position) and
-- carries the address and browser of the request; sessions get a public id (the token hash
-- never leaves the server) and the address and browser they were opened from.

ALTER TABLE audit_log ADD COLUMN address TEXT;
ALTER TABLE audit_log ADD COLUMN browser TEXT;

-- Newest first is (at DESC, id DESC); each filter has an index that keeps that order, so a page
-- is an index range scan whatever the filter and however deep the page.
DROP INDEX audit_log_entity_idx;
CREATE INDEX audit_log_at_idx ON audit_log (at, id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at, id);
CREATE INDEX audit_log_action_idx ON audit_log (action, at, id);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, at, id);
CREATE INDEX audit_log_record_idx ON audit_log (entity_id, at, id);
CREATE INDEX audit_log_entity_record_idx ON audit_log (entity, entity_id, at, id);

ALTER TABLE sessions ADD COLUMN id BIGSERIAL;
CREATE UNIQUE INDEX sessions_id_key ON sessions (id);
ALTER TABLE sessions ADD COLUMN address TEXT;
ALTER TABLE sessions ADD COLUMN browser TEXT;
