import type { z } from 'zod'

/** The content type of every JSON answer the server writes itself (errors, pre-serialised answers). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** A response that does not match its contract: a server bug, answered as internal_error and logged. */
export class ResponseContractError extends Error {
  override name = 'ResponseContractError'
}

/**
 * Parses a response body with its contract before sending, so a drift between the database, the service and the
 * shared schema fails on the server (and in tests) instead of in a customer's browser.
 */
export function parseResponse<S extends z.ZodType>(schema: S, body: z.input<S>): z.output<S> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  throw new ResponseContractError(`Response does not match its contract: ${result.error.message}`, {
    cause: result.error,
  })
}
