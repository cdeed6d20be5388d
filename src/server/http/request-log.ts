import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import pino from 'pino'

/** An answer slower than this is logged at `warn` whatever its status. */
export const SLOW_REQUEST_MS = 1_000

/**
 * What the server says about each request (issue 18, decision 0150). Fastify's default writes two `info` lines per
 * request ("incoming request", "request completed"), each a synchronous write to stdout: 30-45 µs of the event
 * loop per request on this kind of machine, as much as a third of what a new pricing configuration costs in all.
 *
 * - One line per request, when it is answered, with method, URL, address, status, response time and request id.
 * - Its level says whether it needs a look: a server error or a failed answer at `error`, a refused request (4xx)
 *   at `info`, an answer slower than {@link SLOW_REQUEST_MS} at `warn`, and an ordinary answer at `debug`, which
 *   `LOG_LEVEL=debug` shows (pino skips a disabled level without building the line).
 */
export class RequestLog extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super()
  }

  override incomingRequest(): void {
    // Said by the line written when the request is answered, which carries the request too.
  }

  override routeNotFound(): void {
    // Said by the "request refused" line of its 404 answer.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const status = reply.statusCode
    const responseTime = reply.elapsedTime
    const line = { req: request, res: reply, responseTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else if (status >= 500) reply.log.error(line, 'request failed')
    else if (responseTime > this.slowMs) reply.log.warn(line, 'request slow')
    else if (status >= 400) reply.log.info(line, 'request refused')
    else reply.log.debug(line, 'request completed')
  }
}

/**
 * The server's logger options at `level`, written to `destination` (stdout by default) without blocking: pino's
 * asynchronous destination queues lines while a write is under way and writes them together. pino flushes the queue
 * when the process exits (also after an uncaught error); only a kill -9 or an out-of-memory abort loses the last lines.
 */
export function serverLogger(
  level: string,
  destination: number | string = 1,
): { level: string; stream: ReturnType<typeof pino.destination> } {
  return { level, stream: pino.destination({ dest: destination, sync: false }) }
}
