/**
 * An open-loop HTTP/1.1 load generator for the latency at a given rate: request i is due at start + i / rate,
 * spread evenly over the run and over the connections (keep-alive, one request in flight per connection), and its
 * latency counts from when it was due, not from when it could be sent. A request that has to wait for its
 * connection (the previous answer is late) is still charged from its due time, so a stalled server shows up as
 * latency instead of as fewer requests (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: autocannon limits each connection to rate / connections requests per second
 * by letting it send them back to back and then pausing until the next second (httpClient.js, `rateInterval`), so
 * an "offered 5,000 req/s" arrives as a burst at saturation in the first part of every second, and its latencies
 * are the saturation ones again.
 *
 * The generator allocates no memory outside V8's heap per request: a new body is written as one string (Node
 * encodes it into the socket write), and answers are read into one reused buffer (`onread`), a partial answer
 * copied into its connection's own buffer. Its first version built three Buffers per request and Node a new one
 * per socket read; with that memory V8 ran a full collection in the generator every 0.7-1 s at 5,000 requests a
 * second, each pausing it 2-13 ms, after which it sent the requests that fell due meanwhile at once, and the
 * server's backlog from that burst was charged to the server (session 26, decision 0154).
 */
import { connect, type Socket } from 'node:net'

export interface PacedLoadOptions {
  url: string
  method: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Requests per second offered. */
  rate: number
  connections: number
  durationS: number
  /** An answer later than this after its due time counts as a timeout (default 10 s). */
  timeoutMs?: number
  /**
   * The path and extra headers of connection `index` (default: `url`'s path, no extra headers for every
   * connection): one visitor per connection, with its own address and cookie (the cart-read benchmark).
   */
  perConnection?: (index: number) => { path: string; headers: Record<string, string> }
  /**
   * The body of the `sequence`-th request sent (instead of `body` on every request): a stream of requests that are
   * each new, e.g. pricing configurations never asked before (the pricing benchmark's "distinct" runs).
   */
  bodyOf?: (sequence: number) => string
}

/** What a load run reports, latencies in ms; the pricing benchmark prints these for autocannon's runs too. */
export interface LoadFigures {
  requestsPerSecond: number
  requests: number
  p50: number
  p975: number
  p99: number
  max: number
  non2xx: number
  errors: number
  timeouts: number
}

export interface PacedLoadResult extends LoadFigures {
  offeredRate: number
  /** How late the generator itself dispatched requests (its timer), p99, in ms: part of every latency above. */
  dispatchLagP99: number
}

interface Connection {
  socket: Socket
  /** The request this connection sends, complete (without `bodyOf`). */
  request: Buffer
  /** The request's head up to its content-length line (with `bodyOf`: each request adds that line and its body). */
  head: string
  /** Due times of the requests assigned to this connection and not yet sent. */
  waiting: number[]
  /** Due time of the request in flight, or undefined when idle. */
  inFlight: number | undefined
  /** The start of an answer not yet complete: `pending.subarray(0, pendingBytes)`. */
  pending: Buffer
  pendingBytes: number
}

/** Every socket reads into this one buffer (`onread`): the data is handled before the next read. */
const READ_BUFFER = Buffer.allocUnsafe(256 * 1024)
/** A connection's room for a partial answer; a longer answer grows it. */
const PENDING_BYTES = 16 * 1024

const HEADER_END = Buffer.from('\r\n\r\n')

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Parses one complete response at the start of `data`: its status and total length, or undefined if incomplete. */
function completeResponse(data: Buffer): { status: number; length: number } | undefined {
  const headerEnd = data.indexOf(HEADER_END)
  if (headerEnd < 0) return undefined
  const head = data.toString('latin1', 0, headerEnd)
  const status = Number(head.slice(9, 12))
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  if (lengthMatch === null)
    throw new Error(`paced load: an answer without content-length: ${head.slice(0, 200)}`)
  const length = headerEnd + 4 + Number(lengthMatch[1])
  return data.length >= length ? { status, length } : undefined
}

/** The connection's partial answer followed by `fresh`, in its pending buffer (grown if it must). */
function appendPending(connection: Connection, fresh: Buffer): Buffer {
  const bytes = connection.pendingBytes + fresh.length
  if (bytes > connection.pending.length) {
    const grown = Buffer.allocUnsafe(bytes * 2)
    connection.pending.copy(grown, 0, 0, connection.pendingBytes)
    connection.pending = grown
  }
  fresh.copy(connection.pending, connection.pendingBytes)
  return connection.pending.subarray(0, bytes)
}

/** Keeps `rest` (a partial answer, or nothing) at the start of the connection's pending buffer. */
function keepPending(connection: Connection, rest: Buffer): void {
  if (rest.length > connection.pending.length) connection.pending = Buffer.allocUnsafe(rest.length * 2)
  // copy is memmove: `rest` may lie in the pending buffer itself
  rest.copy(connection.pending, 0)
  connection.pendingBytes = rest.length
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const url = new URL(options.url)
  if (url.protocol !== 'http:') throw new Error('paced load: http only')
  const body = options.body === undefined ? undefined : Buffer.from(options.body)
  const { bodyOf } = options
  const headers = {
    host: url.host,
    connection: 'keep-alive',
    ...options.headers,
    ...(body === undefined || bodyOf !== undefined ? {} : { 'content-length': String(body.length) }),
  }
  const requestOf = (index: number): { request: Buffer; head: string } => {
    const own = options.perConnection?.(index)
    const lines = Object.entries({ ...headers, ...own?.headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    const target = own?.path ?? `${url.pathname}${url.search}`
    // With bodyOf the head stops before its content-length line, which each request adds with its own body.
    const head = `${options.method} ${target} HTTP/1.1\r\n${lines}`
    const request = Buffer.concat([
      Buffer.from(`${head}\r\n`, 'latin1'),
      ...(body === undefined ? [] : [body]),
    ])
    return { request, head }
  }
  const total = Math.round(options.rate * options.durationS)
  const interval = 1000 / options.rate
  const timeoutMs = options.timeoutMs ?? 10_000
  const latencies = new Float64Array(total)
  const lags = new Float64Array(total)
  let answered = 0
  let non2xx = 0
  let errors = 0
  let timeouts = 0
  let lastAnswerAt = 0

  let finish: () => void = () => undefined
  const done = new Promise<void>((resolve) => {
    finish = resolve
  })
  const settleIfDone = (): void => {
    if (answered + errors === total) finish()
  }

  let sent = 0
  const sendNext = (connection: Connection): void => {
    const due = connection.waiting.shift()
    if (due === undefined) return
    connection.inFlight = due
    if (bodyOf === undefined) {
      connection.socket.write(connection.request)
      return
    }
    const own = bodyOf(sent++)
    connection.socket.write(`${connection.head}content-length: ${Buffer.byteLength(own)}\r\n\r\n${own}`)
  }

  /**
   * Counts the complete answers in the connection's partial answer and `fresh` (its new bytes in READ_BUFFER), sends
   * each one's successor and keeps the rest.
   */
  const receive = (connection: Connection, fresh: Buffer): void => {
    let data = connection.pendingBytes === 0 ? fresh : appendPending(connection, fresh)
    for (;;) {
      const response = completeResponse(data)
      if (response === undefined || connection.inFlight === undefined) break
      const now = performance.now()
      const latency = now - connection.inFlight
      latencies[answered++] = latency
      lastAnswerAt = now
      if (response.status < 200 || response.status > 299) non2xx++
      if (latency > timeoutMs) timeouts++
      connection.inFlight = undefined
      data = data.subarray(response.length)
      sendNext(connection)
    }
    keepPending(connection, data)
    settleIfDone()
  }

  const open = (index: number): Promise<Connection> =>
    new Promise<Connection>((resolve, reject) => {
      const { request, head } = requestOf(index)
      const socket = connect({
        host: url.hostname,
        port: Number(url.port),
        noDelay: true,
        onread: {
          buffer: READ_BUFFER,
          // true: keep reading (false would pause the socket)
          callback: (bytes) => {
            receive(connection, READ_BUFFER.subarray(0, bytes))
            return true
          },
        },
      })
      const connection: Connection = {
        socket,
        request,
        head,
        waiting: [],
        inFlight: undefined,
        pending: Buffer.allocUnsafe(PENDING_BYTES),
        pendingBytes: 0,
      }
      socket.once('connect', () => resolve(connection))
      socket.once('error', reject)
    })
  const connections = await Promise.all(
    Array.from({ length: options.connections }, (_, index) => open(index)),
  )

  for (const connection of connections) {
    connection.socket.on('error', () => {
      // every request of a broken connection counts as an error
      errors += connection.waiting.length + (connection.inFlight === undefined ? 0 : 1)
      connection.waiting.length = 0
      connection.inFlight = undefined
      settleIfDone()
    })
  }

  const start = performance.now() + 20
  let next = 0
  const timer = setInterval(() => {
    const now = performance.now()
    while (next < total) {
      const due = start + next * interval
      if (due > now) break
      lags[next] = now - due
      const connection = connections[next % connections.length]!
      connection.waiting.push(due)
      if (connection.inFlight === undefined) sendNext(connection)
      next++
    }
    if (next === total) clearInterval(timer)
  }, 1)

  const deadline = setTimeout(finish, options.durationS * 1000 + timeoutMs + 1000)
  await done
  clearTimeout(deadline)
  clearInterval(timer)
  for (const { socket } of connections) socket.destroy()

  const missing = total - answered - errors
  const sorted = latencies.slice(0, answered).sort()
  return {
    offeredRate: options.rate,
    // answers per second over the run, from the first due time to the last answer
    requestsPerSecond: (answered * 1000) / Math.max(1, lastAnswerAt - start),
    requests: answered,
    p50: percentile(sorted, 50),
    p975: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
    non2xx,
    errors,
    // no answer at all by the end of the run
    timeouts: timeouts + missing,
    dispatchLagP99: percentile(lags.slice(0, next).sort(), 99),
  }
}
