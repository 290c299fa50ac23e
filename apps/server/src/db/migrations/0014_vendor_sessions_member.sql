-- A member's game sessions and unused launch tokens are ended together when the member's own
-- sessions are (password changed or reset): found by member.
CREATE INDEX vendor_sessions_member_idx ON vendor_sessions (member_id);
CREATE INDEX vendor_launch_tokens_member_idx ON vendor_launch_tokens (member_id);
