-- A third role: viewer, who reads and downloads everything a signed-in user sees but writes
-- nothing (the server refuses every write to them, api/src/routes/route.ts).
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('staff', 'admin', 'viewer'));
