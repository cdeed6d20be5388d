import type { HealthResponse } from '#shared/contracts/health.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db } from '#server/db/db.ts'

export function createHealthService(db: Pick<Db, 'kind' | 'query'>) {
  return {
    /** Healthy when the database answers; a load balancer then gets 503 instead of a hanging shop. */
    async check(): Promise<HealthResponse> {
      try {
        await db.query('SELECT 1')
      } catch (error) {
        // The cause is logged by the error handler; the client learns only that the database is unavailable.
        throw Object.assign(new AppError(ErrorCode.ServiceUnavailable, 'Database unavailable'), {
          cause: error,
        })
      }
      return { status: 'ok', db: db.kind }
    },
  }
}
export type HealthService = ReturnType<typeof createHealthService>
