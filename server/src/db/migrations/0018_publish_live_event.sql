-- The triggers of 0015 (session changes) and 0017 (knowledge changes) each stored a live event and
-- notified the instances with the same two statements, a copy of what modules/events/events.repo.ts
-- (insertAndNotify) does. One function now does it for every trigger, so the row and the notification's
-- shape, which every instance's listener parses, are written once in SQL. 0015 and 0017 have shipped and
-- stay as they are: their trigger functions are replaced here, and their triggers keep calling them.
-- The parameters carry a prefix: named like the columns, PL/pgSQL would find them ambiguous.
CREATE FUNCTION uplift_publish_live_event(event_type text, event_audience_user_id uuid, event_payload jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stored record;
BEGIN
  INSERT INTO live_events (type, audience_user_id, payload)
  VALUES (event_type, event_audience_user_id, event_payload)
  RETURNING id, type, audience_user_id, payload, created_at INTO stored;
  PERFORM pg_notify('uplift_live_events', json_build_object(
    'id', stored.id, 'type', stored.type, 'audienceUserId', stored.audience_user_id,
    'payload', stored.payload, 'createdAt', stored.created_at
  )::text);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uplift_publish_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The member's id, from the column the trigger names (users.id, sessions.user_id).
  subject uuid := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
BEGIN
  PERFORM uplift_publish_live_event('server.sessions.changed', NULL, jsonb_build_object('userId', subject));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION uplift_publish_knowledge_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that changed no row (the seed on a start that finds every point there) announces nothing.
  -- Nested: a TRUNCATE trigger has no transition table to look in.
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM changed) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM uplift_publish_live_event('server.cache.invalidated', NULL, jsonb_build_object('tag', 'knowledge'));
  RETURN NULL;
END;
$$;
