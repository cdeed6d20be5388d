-- Poison-task quarantine (issue 13; docs/decisions/0073-analysis-in-child-processes.md). A claim alone does not
-- say whether the analysis ever reached a worker: run_started_at does (null from the claim until a worker receives
-- the job). A task whose lease expired while it was set was running when its server process ended; such a run is
-- counted in interrupted_runs when the task is reclaimed, and a task that was interrupted once already is failed
-- instead of being run a third time.
ALTER TABLE analysis_tasks ADD COLUMN run_started_at timestamptz;
ALTER TABLE analysis_tasks ADD COLUMN interrupted_runs integer NOT NULL DEFAULT 0 CHECK (interrupted_runs >= 0);
