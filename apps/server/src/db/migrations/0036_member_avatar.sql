-- The member's avatar (PROFPIC3, issue 13): the storage keys of its two resized images (256 and
-- 64 px squares, made by the server from the upload), null when the member has none. The profile
-- fields themselves live in members.profile (jsonb) and members.nickname, as registration keeps them.
ALTER TABLE members ADD COLUMN avatar jsonb;
