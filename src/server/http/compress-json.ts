import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * Compression of the API's larger JSON answers (issue 18). Most answers (a price, a task's progress) are a few
 * hundred bytes, where compressing costs more than it saves; the catalogue (~32 KiB), a CMS page or a cart with many
 * items shrink five- to tenfold. Brotli at quality 4 (fast, ~as small as gzip 9) when the client accepts it, else gzip.
 * Static files are compressed at build time instead (precompress.ts).
 */

/** Below this, an answer goes out as it is. */
export const COMPRESS_JSON_MIN_BYTES = 2048
const BROTLI_QUALITY = 4

type Encoding = 'br' | 'gzip'

/** The encodings the client accepts (`br;q=0` refuses br). */
function acceptedEncodings(request: FastifyRequest): Set<string> {
  const header = request.headers['accept-encoding']
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  const accepted = new Set<string>()
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    const q = params.find((param) => param.startsWith('q='))
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name)
  }
  return accepted
}

function chosenEncoding(request: FastifyRequest): Encoding | undefined {
  const accepted = acceptedEncodings(request)
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
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

/** An onSend hook: a JSON answer over the threshold goes out br or gzip, with `Vary: Accept-Encoding`. */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isJson(reply)) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    reply.header('vary', appendVary(reply.getHeader('vary')))
    if (Buffer.byteLength(payload) < COMPRESS_JSON_MIN_BYTES || reply.hasHeader('content-encoding'))
      return payload
    const encoding = chosenEncoding(request)
    if (encoding === undefined) return payload
    reply.header('content-encoding', encoding)
    reply.removeHeader('content-length')
    return compress(payload, encoding)
  })
}

function appendVary(current: ReturnType<FastifyReply['getHeader']>): string {
  const value = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : ''
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return value
  return value === '' ? 'Accept-Encoding' : `${value}, Accept-Encoding`
}
