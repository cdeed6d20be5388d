import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { ErrorCode } from '#shared/errors/error-codes.ts'
import { errorBody } from '#server/http/error-handler.ts'
import { JSON_CONTENT_TYPE } from '#server/http/respond.ts'

/**
 * Answers what fails before Fastify has a request at all: Node's HTTP parser rejecting the bytes (a malformed
 * Content-Length, a broken request line), headers or a body that took longer than the edge timeouts allow. Node
 * then hands over only the socket, so the answer is written by hand, in the one error shape, and the socket closed.
 */

interface ClientError extends Error {
  code?: string
}

interface ClientErrorLog {
  debug(object: Record<string, unknown>, message: string): void
}

function answerFor(code: string | undefined): { status: number; code: ErrorCode; message: string } {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request took too long to arrive' }
    case 'HPE_HEADER_OVERFLOW':
      return { status: 413, code: 'payload_too_large', message: 'The request headers are too large' }
    default:
      return { status: 400, code: 'validation_failed', message: 'Malformed HTTP request' }
  }
}

/** Fastify's `clientErrorHandler`; Fastify calls it bound to the instance, whose logger it uses. */
export function clientErrorHandler(this: { log: ClientErrorLog }, error: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const answer = answerFor(error.code)
  // A client's broken bytes are no server fault: debug, not error, or a scanner could flood the log.
  this.log.debug({ err: error, status: answer.status }, 'client connection error')
  if (socket.writable) {
    const body = JSON.stringify(errorBody(answer.code, answer.message))
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\nConnection: close\r\n` +
        `Content-Type: ${JSON_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    )
  }
  socket.destroy()
}
