import { z } from 'zod'

/** Liveness and database reachability (`GET /api/health`), for load balancers and the e2e web server. */
export const HEALTH_PATH = '/api/health'

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  /** Which engine the server runs on: the embedded default or a PostgreSQL server. */
  db: z.enum(['pglite', 'postgres']),
})
export type HealthResponse = z.infer<typeof HealthResponseSchema>

/**
 * Liveness only (`GET /api/health/live`): the process serves HTTP, the database is not asked. An orchestrator
 * restarts a process on a failed liveness probe, and a database outage must not restart every server.
 */
export const LIVENESS_PATH = '/api/health/live'

export const LivenessResponseSchema = z.object({ status: z.literal('ok') })
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>
