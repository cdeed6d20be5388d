-- Carts, their items and the items' attachments (issue 5; docs/decisions/0060-cart-pricing.md). A cart is
-- anonymous: its unguessable id (newId, 128 bits) kept in the browser's local storage is the only key to it, and
-- every item query names the cart as well as the item (commerce-reliability check 38).
--
-- Prices on items are the server's only: a snapshot of what the pricing service computed from the analysis record
-- and the current price sheet, with the sheet version and the catalogue revision it was computed at. A read
-- re-prices the items whose catalogue revision is behind the catalogue's (sheets, spreadsheet variables, limits).

CREATE TABLE carts (
  id text PRIMARY KEY,
  -- The white label the cart was created under: its print modes and price sheets price the items.
  white_label_id text NOT NULL REFERENCES white_labels (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Every change of the cart's items; the row is locked (SELECT … FOR UPDATE) by every change, so changes of one
  -- cart run one after the other.
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cart_items (
  id text PRIMARY KEY,
  cart_id text NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  -- Display order: the order the items were added in (gaps after removals).
  position integer NOT NULL CHECK (position >= 0),

  -- The configuration the customer chose, with the 3D file as it was when the item was configured (name, unit and
  -- size in that unit at scale 1): the unit priced is the unit shown.
  model_file_id text NOT NULL REFERENCES model_files (id),
  model_name text NOT NULL CHECK (length(model_name) BETWEEN 1 AND 200),
  unit_of_length text NOT NULL CHECK (unit_of_length IN ('mm', 'cm', 'inch')),
  model_dimensions jsonb NOT NULL CHECK (jsonb_typeof(model_dimensions) = 'object'),
  quantity integer NOT NULL CHECK (quantity >= 1),
  -- Finite and positive ('Infinity' is above every finite value; NaN sorts above 'Infinity').
  scale double precision NOT NULL CHECK (scale > 0 AND scale < 'Infinity'::double precision),
  print_mode_id text NOT NULL REFERENCES print_modes (id),
  -- The finish and colour priced (the print mode's defaults when the customer named none); null where the print
  -- mode has none.
  surface_finish_id text REFERENCES surface_finishes (id),
  color_id text REFERENCES colors (id),
  acknowledged_repair_info boolean NOT NULL,
  -- [{"stepId", "optionId", "quantity"}]: the processing steps chosen (a demo in the spec; not priced).
  processing_steps jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(processing_steps) = 'array'),
  -- The preview image's file name in the thumbnails folder's cart-items/ (served under /api/thumbnails/cart-items/),
  -- null until the client uploaded one. A new upload gets a new name, so caches never serve an old picture.
  thumbnail_name text CHECK (thumbnail_name ~ '^[A-Za-z0-9_-]{22}\.png$'),

  -- The price snapshot, integer cents: one piece (unit) and the line (unit × quantity, taxed once per line).
  unit_net_cents bigint NOT NULL CHECK (unit_net_cents >= 0),
  unit_tax_cents bigint NOT NULL CHECK (unit_tax_cents >= 0),
  line_net_cents bigint NOT NULL CHECK (line_net_cents >= 0),
  line_tax_cents bigint NOT NULL CHECK (line_tax_cents >= 0),
  tax_rate double precision NOT NULL CHECK (tax_rate >= 0 AND tax_rate <= 100),
  printable boolean NOT NULL,
  too_large boolean NOT NULL,
  too_small boolean NOT NULL,
  production_time_days integer NOT NULL CHECK (production_time_days >= 0),
  -- The price sheet version that computed the snapshot (price_sheet_versions.id) and the catalogue revision
  -- (catalogue_revision.revision) it was computed at.
  sheet_version text NOT NULL,
  catalogue_revision bigint NOT NULL,
  priced_at timestamptz NOT NULL DEFAULT now(),

  -- Bumped by every change of the configuration: a change priced from an older read is priced again, never
  -- written over a newer one; a re-priced snapshot is only stored while the configuration is still the one priced.
  revision integer NOT NULL DEFAULT 0 CHECK (revision >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, position)
);
CREATE INDEX cart_items_model_file ON cart_items (model_file_id);

-- Technical drawings of an item. The file is stored under DATA_DIR/cart-attachments/<id> (never under a client's
-- name) and served only as a download (Content-Disposition: attachment, Content-Security-Policy: sandbox).
CREATE TABLE cart_item_attachments (
  id text PRIMARY KEY,
  cart_item_id text NOT NULL REFERENCES cart_items (id) ON DELETE CASCADE,
  -- The client's file name, cleaned (no path, no control characters), for the download's name only.
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  -- The type found by the content sniff, which decides the served Content-Type.
  kind text NOT NULL CHECK (kind IN ('pdf', 'png', 'jpeg', 'dxf', 'step')),
  size_bytes bigint NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_item_attachments_item ON cart_item_attachments (cart_item_id, created_at);
