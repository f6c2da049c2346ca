-- Before this migration, "Hide from /creators" in the back office only cleared `featured`,
-- and GET /api/creators still listed the creator. Hiding now removes the public profile; do
-- the same for every creator the owner hid before (a profile that came from an application
-- and is not featured). The seed's own creators (no application) are left as they are.
DELETE FROM `featured_creators` WHERE `application_id` IS NOT NULL AND `featured` = 0;
