import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError } from 'zod'
import { AppError } from '#shared/errors/app-error.ts'
import { type ErrorBody, type ErrorCode, type ErrorIssue, errorStatus } from '#shared/errors/error-codes.ts'
import { JSON_CONTENT_TYPE } from '#server/http/respond.ts'

/**
 * The one place that turns a thrown error into the one JSON error shape (ErrorBodySchema). AppError carries its
 * code; a ZodError is invalid input; fastify's own 4xx errors (bad JSON, body too large) map to the nearest code;
 * everything else is masked as internal_error and logged, so no stack trace or SQL reaches a client.
 */

export function errorBody(
  code: ErrorCode,
  message: string,
  extra?: Pick<ErrorBody['error'], 'issues' | 'details'>,
) {
  const body: ErrorBody = { error: { code, status: errorStatus[code], message } }
  if (extra?.issues !== undefined) body.error.issues = extra.issues
  if (extra?.details !== undefined) body.error.details = extra.details
  return body
}

export function zodIssues(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
    code: issue.code,
    message: issue.message,
  }))
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number'
}

function codeForClientStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized'
    case 403:
      return 'forbidden'
    case 404:
      return 'route_not_found'
    case 413:
      return 'payload_too_large'
    case 429:
      return 'rate_limited'
    default:
      return 'validation_failed'
  }
}

export function toErrorBody(error: unknown): { body: ErrorBody; isBug: boolean } {
  if (error instanceof AppError) {
    return {
      body: errorBody(error.code, error.message, { issues: error.issues, details: error.details }),
      isBug: error.status >= 500,
    }
  }
  if (error instanceof ZodError) {
    return {
      body: errorBody('validation_failed', 'Invalid request', { issues: zodIssues(error) }),
      isBug: false,
    }
  }
  if (
    isFastifyError(error) &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  ) {
    return { body: errorBody(codeForClientStatus(error.statusCode), error.message), isBug: false }
  }
  return { body: errorBody('internal_error', 'Internal server error'), isBug: true }
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { body, isBug } = toErrorBody(error)
  if (isBug) request.log.error({ err: error }, 'request failed')
  return reply.code(body.error.status).type(JSON_CONTENT_TYPE).send(body)
}
