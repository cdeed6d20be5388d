-- Who uploaded a model file, for the owner rule, the daily upload quota and retention (issue 13;
-- docs/decisions/0076-same-origin-guard-and-upload-owners.md, 0077-retention-quota-disk-floor.md).

-- The visitor id of the signed visitor cookie the upload was made with (a newId, 22 base64url characters): only a
-- request carrying the same visitor cookie may rename or re-unit the file. Null for rows older than this migration:
-- nobody may change those any more (they can still be read, priced and put in a cart by their id).
ALTER TABLE model_files ADD COLUMN owner_visitor text CHECK (owner_visitor ~ '^[A-Za-z0-9_-]{22}$');
-- A keyed hash (HMAC with the session secret) of the client address the upload came from, for the per-address
-- quota: the address itself is not kept.
ALTER TABLE model_files ADD COLUMN uploader_address text;

-- The quota sums a visitor's and an address's uploads of the last day.
CREATE INDEX model_files_owner_visitor_created ON model_files (owner_visitor, created_at)
  WHERE owner_visitor IS NOT NULL;
CREATE INDEX model_files_uploader_address_created ON model_files (uploader_address, created_at)
  WHERE uploader_address IS NOT NULL;
-- Retention finds old uploads and abandoned carts by age.
CREATE INDEX model_files_created ON model_files (created_at);
CREATE INDEX carts_updated ON carts (updated_at);
