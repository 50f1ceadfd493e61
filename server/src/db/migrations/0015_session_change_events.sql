-- Every instance keeps signed-in sessions in memory for a few seconds (modules/auth/session-cache.ts). Any
-- change that can end a session or alter who it signs in (revocation, deletion, suspension, role,
-- permissions, name, photo, email) publishes 'server.sessions.changed' through the live events, whichever
-- code made it: each instance forgets that member's cached sessions, and one whose listener was down
-- catches up from the table.
CREATE FUNCTION uplift_publish_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The member's id, from the column the trigger names (users.id, sessions.user_id).
  subject uuid := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
  stored record;
BEGIN
  INSERT INTO live_events (type, audience_user_id, payload)
  VALUES ('server.sessions.changed', NULL, jsonb_build_object('userId', subject))
  RETURNING id, type, audience_user_id, payload, created_at INTO stored;
  PERFORM pg_notify('uplift_live_events', json_build_object(
    'id', stored.id, 'type', stored.type, 'audienceUserId', stored.audience_user_id,
    'payload', stored.payload, 'createdAt', stored.created_at
  )::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_change_on_update
  AFTER UPDATE OF email, display_name, avatar_url, role, permission_overrides, suspended_at ON users
  FOR EACH ROW
  WHEN (
    OLD.email IS DISTINCT FROM NEW.email OR OLD.display_name IS DISTINCT FROM NEW.display_name
    OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url OR OLD.role IS DISTINCT FROM NEW.role
    OR OLD.permission_overrides IS DISTINCT FROM NEW.permission_overrides
    OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at
  )
  EXECUTE FUNCTION uplift_publish_session_change('id');
--> statement-breakpoint
CREATE TRIGGER users_session_change_on_delete
  AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION uplift_publish_session_change('id');
--> statement-breakpoint
CREATE TRIGGER sessions_change_on_revoke
  AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION uplift_publish_session_change('user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_change_on_delete
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION uplift_publish_session_change('user_id');
