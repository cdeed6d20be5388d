-- Pricing and the staff catalogue (issue 4): archiving instead of deleting, the spreadsheet variables of colours and
-- finishes, the print modes' pricing test parameters, versioned price sheets, a catalogue revision for the
-- in-memory catalogue cache, and the staff audit log. Decisions: docs/decisions/0050–0052.

-- ---------------------------------------------------------------------------------------------------------------
-- Archive instead of delete. An order may name any of these rows, so a row is archived (hidden from customers and
-- from new selections) and never deleted; the trigger makes a DELETE fail loudly instead of cascading.

ALTER TABLE white_labels ADD COLUMN archived_at timestamptz;
ALTER TABLE materials ADD COLUMN archived_at timestamptz;
ALTER TABLE methods ADD COLUMN archived_at timestamptz;
ALTER TABLE print_modes ADD COLUMN archived_at timestamptz;
ALTER TABLE surface_finishes ADD COLUMN archived_at timestamptz;
ALTER TABLE colors ADD COLUMN archived_at timestamptz;
ALTER TABLE processing_steps ADD COLUMN archived_at timestamptz;
ALTER TABLE processing_step_options ADD COLUMN archived_at timestamptz;

-- The default white label answers requests without a key: it cannot be archived.
ALTER TABLE white_labels ADD CONSTRAINT white_labels_default_not_archived
  CHECK (NOT (is_default AND archived_at IS NOT NULL));

CREATE FUNCTION refuse_catalogue_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rows of % are archived, never deleted (orders may refer to them)', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER white_labels_no_delete BEFORE DELETE ON white_labels
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();
CREATE TRIGGER materials_no_delete BEFORE DELETE ON materials
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();
CREATE TRIGGER methods_no_delete BEFORE DELETE ON methods
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();
CREATE TRIGGER print_modes_no_delete BEFORE DELETE ON print_modes
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();
CREATE TRIGGER surface_finishes_no_delete BEFORE DELETE ON surface_finishes
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();
CREATE TRIGGER colors_no_delete BEFORE DELETE ON colors
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();
CREATE TRIGGER processing_steps_no_delete BEFORE DELETE ON processing_steps
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();
CREATE TRIGGER processing_step_options_no_delete BEFORE DELETE ON processing_step_options
  FOR EACH ROW EXECUTE FUNCTION refuse_catalogue_delete();

-- ---------------------------------------------------------------------------------------------------------------
-- Spreadsheet variables (docs/pricing/variables.md): a colour's and a finish's variable is a number the print mode's
-- sheet reads as `color` / `finish`, by convention a factor (1 = no surcharge). 001 had a text column for colours;
-- it becomes that number (anything that is not a number becomes 1).

ALTER TABLE colors DROP CONSTRAINT IF EXISTS colors_print_mode_id_spreadsheet_variable_key;
ALTER TABLE colors ALTER COLUMN spreadsheet_variable TYPE double precision
  USING CASE WHEN spreadsheet_variable ~ '^-?[0-9]+(\.[0-9]+)?$' THEN spreadsheet_variable::double precision ELSE 1 END;
ALTER TABLE colors ALTER COLUMN spreadsheet_variable SET DEFAULT 1;
-- Finite: NaN sorts above Infinity in PostgreSQL, so this also refuses NaN.
ALTER TABLE colors ADD CONSTRAINT colors_spreadsheet_variable_finite
  CHECK (spreadsheet_variable > '-Infinity'::double precision AND spreadsheet_variable < 'Infinity'::double precision);

ALTER TABLE surface_finishes ADD COLUMN spreadsheet_variable double precision NOT NULL DEFAULT 1
  CHECK (spreadsheet_variable > '-Infinity'::double precision AND spreadsheet_variable < 'Infinity'::double precision);

-- The print-mode editor's pricing test parameters (spec part 2 §3), in mm, mm² and mm³; keys as in
-- PricingTestParameters (src/server/modules/pricing/sheet/sheet-variables.ts).
ALTER TABLE print_modes ADD COLUMN pricing_test_parameters jsonb NOT NULL DEFAULT
  '{"xMm": 40, "yMm": 30, "zMm": 20, "internalVolumeMm3": 12000, "externalVolumeMm3": 24000, "surfaceAreaMm2": 6200, "minXMm": 20, "maxXMm": 40, "maxYMm": 30}'::jsonb
  CHECK (jsonb_typeof(pricing_test_parameters) = 'object');

-- ---------------------------------------------------------------------------------------------------------------
-- Price sheets: one per print mode and white label; every save is a new immutable version, and price_sheets points
-- at the current one. A price names its version id (sheetVersion), so it can be recomputed later exactly.

CREATE TABLE price_sheet_versions (
  id text PRIMARY KEY,
  print_mode_id text NOT NULL REFERENCES print_modes (id),
  white_label_id text NOT NULL REFERENCES white_labels (id),
  version integer NOT NULL CHECK (version >= 1),
  -- The cells in display order: [{"name": …, "formula": "=…" | number}, …] (SheetDraft.cells).
  cells jsonb NOT NULL CHECK (jsonb_typeof(cells) = 'array'),
  -- The processing-step option variables the sheet declares (SheetDraft.optionVariables).
  option_variables jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(option_variables) = 'array'),
  -- NULL for the versions the seed wrote.
  created_by text REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (print_mode_id, white_label_id, version)
);

CREATE FUNCTION refuse_price_sheet_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'price sheet versions are immutable: save a new version instead'
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER price_sheet_versions_immutable BEFORE UPDATE OR DELETE ON price_sheet_versions
  FOR EACH ROW EXECUTE FUNCTION refuse_price_sheet_version_change();

CREATE TABLE price_sheets (
  print_mode_id text NOT NULL REFERENCES print_modes (id),
  white_label_id text NOT NULL REFERENCES white_labels (id),
  current_version_id text NOT NULL REFERENCES price_sheet_versions (id),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (print_mode_id, white_label_id)
);

-- ---------------------------------------------------------------------------------------------------------------
-- Catalogue revision: every statement that changes a catalogue table bumps it, whoever runs it (the staff API,
-- the seed, an operator's SQL, another server process). The in-memory catalogue cache reloads when it moves
-- (docs/decisions/0050-catalogue-cache.md).

CREATE TABLE catalogue_revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  revision bigint NOT NULL DEFAULT 0
);
INSERT INTO catalogue_revision DEFAULT VALUES;

CREATE FUNCTION bump_catalogue_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER white_labels_revision AFTER INSERT OR UPDATE OR DELETE ON white_labels
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER materials_revision AFTER INSERT OR UPDATE OR DELETE ON materials
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER methods_revision AFTER INSERT OR UPDATE OR DELETE ON methods
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER print_modes_revision AFTER INSERT OR UPDATE OR DELETE ON print_modes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER print_mode_white_labels_revision AFTER INSERT OR UPDATE OR DELETE ON print_mode_white_labels
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER surface_finishes_revision AFTER INSERT OR UPDATE OR DELETE ON surface_finishes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER print_mode_surface_finishes_revision AFTER INSERT OR UPDATE OR DELETE ON print_mode_surface_finishes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER colors_revision AFTER INSERT OR UPDATE OR DELETE ON colors
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER color_surface_finishes_revision AFTER INSERT OR UPDATE OR DELETE ON color_surface_finishes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER processing_steps_revision AFTER INSERT OR UPDATE OR DELETE ON processing_steps
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER processing_step_options_revision AFTER INSERT OR UPDATE OR DELETE ON processing_step_options
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER print_mode_processing_steps_revision AFTER INSERT OR UPDATE OR DELETE ON print_mode_processing_steps
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
CREATE TRIGGER price_sheets_revision AFTER INSERT OR UPDATE OR DELETE ON price_sheets
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();

-- ---------------------------------------------------------------------------------------------------------------
-- Who changed what in the catalogue (commerce-reliability check 39: admin changes to print modes are audited).

CREATE TABLE staff_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id),
  action text NOT NULL CHECK (action IN ('create', 'update', 'archive', 'restore', 'save_sheet')),
  entity text NOT NULL,
  entity_id text NOT NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_log_entity ON staff_audit_log (entity, entity_id);
