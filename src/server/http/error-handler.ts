import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError } from 'zod'
import { AppError } from '#shared/errors/app-error.ts'
import { type ErrorBody, type ErrorCode, type ErrorIssue, errorStatus } from '#shared/errors/error-codes.ts'
import { isMultipartParseError } from '#server/http/multipart-errors.ts'
import { JSON_CONTENT_TYPE } from '#server/http/respond.ts'

/**
 * The one place that turns a thrown error into the one JSON error shape (ErrorBodySchema). AppError carries its
 * code; a ZodError is invalid input; fastify's own 4xx errors (bad JSON, body too large, bad URL) map to the nearest
 * code; a multipart body busboy cannot read is invalid input; everything else is masked as internal_error and
 * logged, so no stack trace or SQL reaches a client.
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

/** Fastify's own client errors by their code, where the status alone does not say enough. */
const FASTIFY_CODES: Readonly<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_BAD_URL: { code: 'validation_failed', message: 'The URL is not validly encoded' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'This route does not accept a body of this content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'validation_failed',
    message: 'The body does not match its Content-Length',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'validation_failed', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'validation_failed', message: 'The body is not valid JSON' },
  // The client closed the connection half way through its body (Node's "aborted").
  ECONNRESET: { code: 'validation_failed', message: 'The request body ended early' },
}

function codeForClientStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized'
    case 403:
      return 'forbidden'
    case 404:
      return 'route_not_found'
    case 408:
      return 'request_timeout'
    case 413:
      return 'payload_too_large'
    case 415:
      return 'unsupported_media_type'
    case 429:
      return 'rate_limited'
    default:
      return 'validation_failed'
  }
}

function fastifyErrorBody(error: FastifyError, status: number): ErrorBody {
  const known = FASTIFY_CODES[error.code]
  if (known !== undefined) return errorBody(known.code, known.message)
  return errorBody(codeForClientStatus(status), error.message)
}

/** What the handler knows of the request an error belongs to. */
export interface RequestFacts {
  contentType?: string | undefined
  /** False while the request's body has not arrived in full (it may never: the client went away). */
  bodyComplete?: boolean
}

/**
 * The client closed the connection (or the idle timeout did) before its body was complete, and a stream reading that
 * body (an upload being stored) failed for that: Node's "aborted" or a pipeline's premature close. Nobody is left to
 * answer and nothing in the server failed.
 */
function isClientAbort(error: unknown, request: RequestFacts): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return request.bodyComplete === false && (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
}

/**
 * A multipart body the parser could not read, or one the client abandoned half way, is the client's doing (400),
 * never a 500.
 */
export function toErrorBody(error: unknown, request: RequestFacts = {}): { body: ErrorBody; isBug: boolean } {
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
    return { body: fastifyErrorBody(error, error.statusCode), isBug: false }
  }
  if (isClientAbort(error, request)) {
    return { body: errorBody('validation_failed', 'The request body ended early'), isBug: false }
  }
  if (isMultipartParseError(error, request.contentType)) {
    return { body: errorBody('validation_failed', 'The multipart body is malformed'), isBug: false }
  }
  return { body: errorBody('internal_error', 'Internal server error'), isBug: true }
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { body, isBug } = toErrorBody(error, {
    contentType: request.headers['content-type'],
    bodyComplete: request.raw.complete,
  })
  if (isBug) request.log.error({ err: error }, 'request failed')
  else if (error instanceof AppError && error.internal !== undefined) {
    // The shopper gets the code; the operator gets the why, under this request's id.
    request.log.warn({ code: error.code, ...error.internal }, error.message)
  }
  return reply.code(body.error.status).type(JSON_CONTENT_TYPE).send(body)
}
