-- Catalogue, shipping, vouchers, users and sessions.
-- Conventions: ids are unguessable text (base64url of 16 random bytes, made by the server); translatable texts are
-- jsonb objects {"de": …, "en": …, "fr": …} with German required; money is integer cents; measures in mm are
-- double precision; every table has created_at.

CREATE TABLE white_labels (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  api_key text NOT NULL UNIQUE,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one white label answers requests without an API key.
CREATE UNIQUE INDEX white_labels_single_default ON white_labels (is_default) WHERE is_default;

CREATE TABLE materials (
  id text PRIMARY KEY,
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE methods (
  id text PRIMARY KEY,
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE print_modes (
  id text PRIMARY KEY,
  material_id text NOT NULL REFERENCES materials (id),
  method_id text NOT NULL REFERENCES methods (id),
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  description jsonb NOT NULL CHECK (jsonb_typeof(description) = 'object' AND description ? 'de'),
  surface_quality jsonb NOT NULL CHECK (jsonb_typeof(surface_quality) = 'object' AND surface_quality ? 'de'),
  applications jsonb NOT NULL CHECK (jsonb_typeof(applications) = 'object' AND applications ? 'de'),
  max_x_mm double precision NOT NULL CHECK (max_x_mm > 0),
  max_y_mm double precision NOT NULL CHECK (max_y_mm > 0),
  max_z_mm double precision NOT NULL CHECK (max_z_mm > 0),
  min_feature_size_mm double precision NOT NULL CHECK (min_feature_size_mm > 0),
  resolution_xy_mm double precision NOT NULL CHECK (resolution_xy_mm > 0),
  resolution_z_mm double precision NOT NULL CHECK (resolution_z_mm > 0),
  -- Rankings on the 0–8 scale of the print-mode cards (RANKING_SCALE in src/shared/domain/limits.ts).
  ranking_price smallint NOT NULL CHECK (ranking_price BETWEEN 0 AND 8),
  ranking_flexibility smallint NOT NULL CHECK (ranking_flexibility BETWEEN 0 AND 8),
  ranking_stability smallint NOT NULL CHECK (ranking_stability BETWEEN 0 AND 8),
  ranking_precision smallint NOT NULL CHECK (ranking_precision BETWEEN 0 AND 8),
  ranking_wear_resistance smallint NOT NULL CHECK (ranking_wear_resistance BETWEEN 0 AND 8),
  ranking_heat_resistance smallint NOT NULL CHECK (ranking_heat_resistance BETWEEN 0 AND 8),
  ranking_max_parts smallint NOT NULL CHECK (ranking_max_parts BETWEEN 0 AND 8),
  ranking_max_incremental_measurement smallint NOT NULL
    CHECK (ranking_max_incremental_measurement BETWEEN 0 AND 8),
  sort_order integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE print_mode_white_labels (
  print_mode_id text NOT NULL REFERENCES print_modes (id) ON DELETE CASCADE,
  white_label_id text NOT NULL REFERENCES white_labels (id) ON DELETE CASCADE,
  PRIMARY KEY (print_mode_id, white_label_id)
);
CREATE INDEX print_mode_white_labels_white_label ON print_mode_white_labels (white_label_id);

CREATE TABLE surface_finishes (
  id text PRIMARY KEY,
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  description jsonb NOT NULL CHECK (jsonb_typeof(description) = 'object' AND description ? 'de'),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The finishes a print mode offers, in display order; the first one is preselected (spec part 1 §4).
CREATE TABLE print_mode_surface_finishes (
  print_mode_id text NOT NULL REFERENCES print_modes (id) ON DELETE CASCADE,
  surface_finish_id text NOT NULL REFERENCES surface_finishes (id) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (print_mode_id, surface_finish_id)
);

-- Colours belong to one print mode: their spreadsheet variable feeds that print mode's price sheet.
CREATE TABLE colors (
  id text PRIMARY KEY,
  print_mode_id text NOT NULL REFERENCES print_modes (id) ON DELETE CASCADE,
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  hex text NOT NULL CHECK (hex ~ '^#[0-9a-f]{6}$'),
  thumbnail_path text NOT NULL,
  hue integer NOT NULL CHECK (hue BETWEEN 0 AND 359),
  spreadsheet_variable text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (print_mode_id, spreadsheet_variable)
);
CREATE INDEX colors_print_mode ON colors (print_mode_id);

-- The finishes a colour can be printed with (a colour without finishes is offered when no finish is chosen).
CREATE TABLE color_surface_finishes (
  color_id text NOT NULL REFERENCES colors (id) ON DELETE CASCADE,
  surface_finish_id text NOT NULL REFERENCES surface_finishes (id) ON DELETE CASCADE,
  PRIMARY KEY (color_id, surface_finish_id)
);

CREATE TABLE processing_steps (
  id text PRIMARY KEY,
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processing_step_options (
  id text PRIMARY KEY,
  processing_step_id text NOT NULL REFERENCES processing_steps (id) ON DELETE CASCADE,
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX processing_step_options_step ON processing_step_options (processing_step_id);

CREATE TABLE print_mode_processing_steps (
  print_mode_id text NOT NULL REFERENCES print_modes (id) ON DELETE CASCADE,
  processing_step_id text NOT NULL REFERENCES processing_steps (id) ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (print_mode_id, processing_step_id)
);

CREATE TABLE shipping_countries (
  id text PRIMARY KEY,
  country_code text NOT NULL UNIQUE CHECK (country_code ~ '^[A-Z]{2}$'),
  name jsonb NOT NULL CHECK (jsonb_typeof(name) = 'object' AND name ? 'de'),
  is_eu boolean NOT NULL,
  -- The country's own standard VAT rate in percent; whether it applies is a pricing rule (spec part 2 §9).
  tax_rate numeric(5, 2) NOT NULL CHECK (tax_rate >= 0 AND tax_rate < 100),
  postal_code_regex text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shipping_methods (
  id text PRIMARY KEY,
  shipping_country_id text NOT NULL REFERENCES shipping_countries (id) ON DELETE CASCADE,
  -- Untranslated on purpose: free shipping is tied to the name 'Standard-Versand' (FREE_SHIPPING_METHOD_NAME).
  name text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  shipping_time_days integer NOT NULL CHECK (shipping_time_days >= 0),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shipping_country_id, name)
);

CREATE TABLE vouchers (
  id text PRIMARY KEY,
  -- Stored upper case; codes are matched case-insensitively by upper-casing the input.
  code text NOT NULL UNIQUE CHECK (code = upper(code) AND length(code) BETWEEN 2 AND 30),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('percentage', 'absolute')),
  -- Whole percent for 'percentage' (0–100), integer cents for 'absolute'; 0 for a pure free-shipping voucher.
  value integer NOT NULL CHECK (value >= 0 AND (type <> 'percentage' OR value <= 100)),
  free_shipping boolean NOT NULL DEFAULT false,
  min_value_cents integer CHECK (min_value_cents >= 0),
  max_usage integer CHECK (max_usage > 0),
  login_required boolean NOT NULL DEFAULT false,
  -- Counted inside the order transaction; the CHECK is the last line of defence against over-redemption.
  used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0 AND (max_usage IS NULL OR used_count <= max_usage)),
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id text PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  -- scrypt with a per-user salt, self-describing: 'scrypt$N$r$p$salt$hash' (src/server/modules/auth/password.ts).
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('staff', 'customer')),
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_unique ON users (lower(username));
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE sessions (
  -- SHA-256 of the session token: a leaked table does not leak usable sessions.
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
