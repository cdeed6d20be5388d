-- Uploaded 3D files, their analysis results and the analysis task queue (issue 3; docs/analysis/README.md
-- "Server: upload, tasks and storage", docs/decisions/0040-analysis-task-queue.md).

-- One uploaded (or demo) model. The row is written only once the upload is complete and stored, so a row never
-- points at a partial file. Analysed numbers are the model's own numbers in given_unit_of_length (see the README):
-- the physical size is value × MM_PER_UNIT[given_unit_of_length] × scale.
CREATE TABLE model_files (
  id text PRIMARY KEY,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  original_file_name text NOT NULL,
  format text NOT NULL CHECK (format IN ('stl', 'ply', '3mf', '3ds', 'step')),
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  given_unit_of_length text NOT NULL CHECK (given_unit_of_length IN ('mm', 'cm', 'inch')),
  is_demo boolean NOT NULL DEFAULT false,
  state text NOT NULL DEFAULT 'analysing' CHECK (state IN ('analysing', 'analysed', 'failed')),
  -- Set when state = 'analysed':
  -- the contract's AnalysedProperties (src/shared/contracts/analysis.contract.ts), in the file's own unit;
  analysed_properties jsonb CHECK (jsonb_typeof(analysed_properties) = 'object'),
  -- the engine's repair counters (all of them, plus "repaired") and the repair image paths, or null if nothing was
  -- repaired;
  repair_info jsonb CHECK (jsonb_typeof(repair_info) = 'object'),
  -- API paths (relative to /api/analytx): {"3mf": …, "repaired": … | null} and the front pictures by view key;
  files jsonb CHECK (jsonb_typeof(files) = 'object'),
  front_pictures jsonb CHECK (jsonb_typeof(front_pictures) = 'object'),
  -- the mesh verdict (watertight, positive volume), copied out of analysed_properties for queries;
  printable boolean,
  -- the area-weighted wall-thickness histogram in the file's unit at scale 1 (thickness-histogram.ts; the last
  -- bin edge, Infinity, is null), for pricing's thin-wall checks;
  thickness_histogram jsonb CHECK (jsonb_typeof(thickness_histogram) = 'object'),
  -- triangles of the repaired model (the internal mesh and per-face thickness files hold this many faces);
  triangles integer CHECK (triangles >= 0),
  -- the folder (relative to the upload's folder) holding the committed run's files: internal mesh, per-face
  -- thickness, pictures, 3MF, histogram-image cache.
  result_dir text CHECK (result_dir ~ '^run-[0-9]+-[A-Za-z0-9_-]+$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    state <> 'analysed'
    OR (analysed_properties IS NOT NULL AND files IS NOT NULL AND front_pictures IS NOT NULL
      AND printable IS NOT NULL AND triangles IS NOT NULL AND result_dir IS NOT NULL)
  )
);

-- One analysis run of a model file, claimed by a worker with a lease (UPDATE … FOR UPDATE SKIP LOCKED). Never held
-- in a transaction while the analysis runs: the lease and its heartbeat say who works on it and until when.
CREATE TABLE analysis_tasks (
  id text PRIMARY KEY,
  model_file_id text NOT NULL REFERENCES model_files (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'completed', 'failed')),
  progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  -- The contract's task message codes of the current attempt, oldest first.
  messages jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(messages) = 'array'),
  -- Set when state = 'failed': an API error code and its details ({"engineCode": …} or {"reason": …}).
  error_code text,
  error_details jsonb CHECK (jsonb_typeof(error_details) = 'object'),
  -- Claims so far (a claim after an expired lease is a new attempt); capped by ANALYSIS_MAX_ATTEMPTS.
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- Analyses that ran to an end in a worker (result or engine error), counted whether or not their lease was still
  -- valid: the "ran exactly once" evidence of the multi-process test.
  runs integer NOT NULL DEFAULT 0 CHECK (runs >= 0),
  -- '<instance id>:<boot id>' of the claiming server process; null when not running.
  lease_owner text,
  lease_expires_at timestamptz,
  heartbeat_at timestamptz,
  -- The lease owner that committed the end state.
  finished_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (state <> 'running' OR (lease_owner IS NOT NULL AND lease_expires_at IS NOT NULL)),
  CHECK (state <> 'failed' OR error_code IS NOT NULL)
);
CREATE INDEX analysis_tasks_model_file ON analysis_tasks (model_file_id);
-- The claim query's candidates: queued tasks, and running ones whose lease may have expired.
CREATE INDEX analysis_tasks_claimable ON analysis_tasks (created_at) WHERE state IN ('queued', 'running');
