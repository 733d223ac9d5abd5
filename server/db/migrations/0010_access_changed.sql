-- Any change to who a token is or what it may do signals 'access_changed', so every API process empties the
-- signed-in users it keeps in memory (server/core/access.ts). NOTIFY is delivered on commit.
CREATE OR REPLACE FUNCTION notify_access_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('access_changed', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_access_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE TRIGGER user_buildings_access_changed AFTER INSERT OR UPDATE OR DELETE ON user_buildings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
