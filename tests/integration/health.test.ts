import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEALTH_PATH, LIVENESS_PATH, LivenessResponseSchema } from '#shared/contracts/health.contract.ts'
import { ErrorBodySchema, ErrorCode } from '#shared/errors/error-codes.ts'
import { errorHandler } from '#server/http/error-handler.ts'
import { createHealthRoutes } from '#server/modules/health/health.routes.ts'
import { createHealthService } from '#server/modules/health/health.service.ts'

describe('health and liveness while the database is down', () => {
  const app = Fastify({ logger: false })
  beforeAll(async () => {
    app.setErrorHandler(errorHandler)
    const unreachable = {
      kind: 'postgres' as const,
      query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    }
    await app.register(createHealthRoutes({ health: createHealthService(unreachable) }))
    await app.ready()
  })
  afterAll(() => app.close())

  it('reports the database outage on /api/health as 503 without leaking the cause', async () => {
    const response = await app.inject({ method: 'GET', url: HEALTH_PATH })
    expect(response.statusCode).toBe(503)
    const body = ErrorBodySchema.parse(response.json())
    expect(body.error.code).toBe(ErrorCode.ServiceUnavailable)
    expect(response.body).not.toContain('ECONNREFUSED')
  })

  it('keeps /api/health/live answering ok, so an orchestrator does not restart a server for a database outage', async () => {
    const response = await app.inject({ method: 'GET', url: LIVENESS_PATH })
    expect(response.statusCode).toBe(200)
    expect(LivenessResponseSchema.parse(response.json())).toEqual({ status: 'ok' })
  })
})
