-- White-label API keys managed by staff (issue 17, docs/decisions/0106-color-thumbnails-and-white-label-api-keys.md).
-- A key is shown once when created and stored only as its SHA-256 (hex); the last four characters let staff tell
-- keys apart. Rotation gives the old key an expiry (a grace period) and names its successor; revocation ends a key
-- at once. The seeded `white_labels.api_key` keeps working next to these keys.
CREATE TABLE white_label_api_keys (
  id text PRIMARY KEY,
  white_label_id text NOT NULL REFERENCES white_labels (id),
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  last_four text NOT NULL CHECK (length(last_four) = 4),
  created_by text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set by a rotation: the end of the old key's grace period, and the key that replaces it.
  expires_at timestamptz,
  replaced_by text REFERENCES white_label_api_keys (id),
  revoked_at timestamptz
);
CREATE INDEX white_label_api_keys_white_label ON white_label_api_keys (white_label_id, created_at);

-- The catalogue cache resolves keys from its snapshot, so a key change is a catalogue change (migration 004).
CREATE TRIGGER white_label_api_keys_revision AFTER INSERT OR UPDATE OR DELETE ON white_label_api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
