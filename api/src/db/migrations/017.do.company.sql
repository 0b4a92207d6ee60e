-- The company's details for the header of every Excel and PDF export (issue 22; Settings,
-- Company). At most one row: none until an admin first saves the Company tab. The logo is kept
-- beside the books, so a backup carries it; its type is read from its bytes when it is saved.
CREATE TABLE company (
  id               BOOLEAN PRIMARY KEY DEFAULT true CHECK (id),
  name             TEXT NOT NULL DEFAULT '',
  address          TEXT NOT NULL DEFAULT '',
  phone            TEXT NOT NULL DEFAULT '',
  email            TEXT NOT NULL DEFAULT '',
  tax_number       TEXT NOT NULL DEFAULT '',
  logo             BYTEA,
  logo_media_type  TEXT CHECK (logo_media_type IN ('image/png', 'image/jpeg')),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((logo IS NULL) = (logo_media_type IS NULL))
);
