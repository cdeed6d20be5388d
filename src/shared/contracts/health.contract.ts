import { z } from 'zod'

/** Liveness and database reachability (`GET /api/health`), for load balancers and the e2e web server. */
export const HEALTH_PATH = '/api/health'

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  /** Which engine the server runs on: the embedded default or a PostgreSQL server. */
  db: z.enum(['pglite', 'postgres']),
})
export type HealthResponse = z.infer<typeof HealthResponseSchema>
