-- Bindings (issue 13): a social sign-in started by a signed-in member links the provider account
-- to that member instead of signing in. Null for an ordinary sign-in.
ALTER TABLE oauth_states ADD COLUMN link_member_id bigint;
