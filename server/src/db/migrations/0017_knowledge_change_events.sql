-- Every instance keeps what it drew from the knowledge points in memory: the public knowledge reads
-- (decision 0032), and Vale's retrieval index and passages of recent questions (0036). Knowledge points are
-- written by the seed or by hand, never through a route, so the database announces every write itself:
-- 'server.cache.invalidated' with the tag 'knowledge', through the live events. Each instance drops what it
-- kept; one whose listener was down catches up from the table.
CREATE FUNCTION uplift_publish_knowledge_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stored record;
BEGIN
  -- A statement that changed no row (the seed on a start that finds every point there) announces nothing.
  -- Nested: a TRUNCATE trigger has no transition table to look in.
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO live_events (type, audience_user_id, payload)
  VALUES ('server.cache.invalidated', NULL, jsonb_build_object('tag', 'knowledge'))
  RETURNING id, type, audience_user_id, payload, created_at INTO stored;
  PERFORM pg_notify('uplift_live_events', json_build_object(
    'id', stored.id, 'type', stored.type, 'audienceUserId', stored.audience_user_id,
    'payload', stored.payload, 'createdAt', stored.created_at
  )::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- One announcement per statement, however many points it wrote (the seed adds them all in one).
CREATE TRIGGER knowledge_points_change_on_insert
  AFTER INSERT ON knowledge_points REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION uplift_publish_knowledge_change();
--> statement-breakpoint
CREATE TRIGGER knowledge_points_change_on_update
  AFTER UPDATE ON knowledge_points REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION uplift_publish_knowledge_change();
--> statement-breakpoint
CREATE TRIGGER knowledge_points_change_on_delete
  AFTER DELETE ON knowledge_points REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION uplift_publish_knowledge_change();
--> statement-breakpoint
CREATE TRIGGER knowledge_points_change_on_truncate
  AFTER TRUNCATE ON knowledge_points
  FOR EACH STATEMENT EXECUTE FUNCTION uplift_publish_knowledge_change();
