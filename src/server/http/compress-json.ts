import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Compression of the API's larger JSON answers (issue 18). Most answers (a task's progress, a configure view's
 * prices) are a few hundred bytes to a few kilobytes, where compressing costs more than it saves; the catalogue
 * (~32 KiB), a CMS page or a cart with many items shrink five- to tenfold. Brotli at quality 4 (fast, ~as small as
 * gzip 9) when the client accepts it, else gzip. Static files are compressed at build time instead (precompress.ts).
 */

/**
 * Below this, an answer goes out as it is (decision 0146). Compressing one costs a fresh compressor each time: for
 * the configure view's 2.7 kB price answer, 80-125 µs of CPU in the server (about as much as pricing it), to
 * save about 2.3 kB that travel in the same round trip anyway (three TCP segments or fewer, inside the initial
 * congestion window of ten).
 */
export const COMPRESS_JSON_MIN_BYTES = 4096
const BROTLI_QUALITY = 4

type Encoding = 'br' | 'gzip'
const NONE: ReadonlySet<string> = new Set()

/** The encodings the client accepts (`br;q=0` refuses br). */
function acceptedEncodings(header: string | string[] | undefined): ReadonlySet<string> {
  if (header === undefined) return NONE
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const accepted = new Set<string>()
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    const q = params.find((param) => param.startsWith('q='))
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name)
  }
  return accepted
}

function chosenEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = acceptedEncodings(header)
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/**
 * The encoding for a request's `accept-encoding`, remembering the last header's choice: a browser sends the same
 * header with every request, and splitting it again cost 2-5 µs on every JSON answer (a CPU profile of the pricing
 * bench, issue 18). Another header is parsed and becomes the remembered one.
 */
function createEncodingChoice(): (request: FastifyRequest) => Encoding | undefined {
  let lastHeader: string | undefined
  let lastChoice: Encoding | undefined
  return (request) => {
    const header = request.headers['accept-encoding']
    if (typeof header !== 'string') return chosenEncoding(header)
    if (header !== lastHeader) {
      lastChoice = chosenEncoding(header)
      lastHeader = header
    }
    return lastChoice
  }
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type')
  return typeof type === 'string' && type.startsWith('application/json')
}

function compress(payload: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
    : gzipSync(payload, { level: 6 })
}

/**
 * An onSend hook: a JSON answer over the threshold goes out br or gzip, with `Vary: Accept-Encoding`. Synchronous
 * (no promise and microtask per answer) and it asks for the encoding before it measures the answer: measuring a
 * string answer walks it once more, which a client that accepts no encoding never needs (issue 18, pricing).
 */
export function registerJsonCompression(app: FastifyInstance): void {
  const encodingOf = createEncodingChoice()
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isJson(reply) || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      done(null, payload)
      return
    }
    reply.header('vary', appendVary(reply.getHeader('vary')))
    const encoding = encodingOf(request)
    if (
      encoding === undefined ||
      reply.hasHeader('content-encoding') ||
      Buffer.byteLength(payload) < COMPRESS_JSON_MIN_BYTES
    ) {
      done(null, payload)
      return
    }
    let compressed: Buffer
    try {
      compressed = compress(payload, encoding)
    } catch (error) {
      done(error as Error)
      return
    }
    reply.header('content-encoding', encoding)
    reply.removeHeader('content-length')
    done(null, compressed)
  })
}

function appendVary(current: ReturnType<FastifyReply['getHeader']>): string {
  const value = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : ''
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return value
  return value === '' ? 'Accept-Encoding' : `${value}, Accept-Encoding`
}
