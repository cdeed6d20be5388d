import { request as httpRequest } from 'node:http'
import type { FastifyInstance } from 'fastify'
import type { FuzzAnswer, FuzzRequest, FuzzSend } from './route-fuzz.ts'

/** In-process: Fastify's inject (no socket), for the fast CI run. */
export function injectSender(app: FastifyInstance): FuzzSend {
  return async (request: FuzzRequest): Promise<FuzzAnswer> => {
    const response = await app.inject({
      method: request.method as 'POST',
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    })
    return { status: response.statusCode, body: response.body }
  }
}

/** Over a real socket to `base` (http://host:port), so Node's HTTP parser and connection handling take part. */
export function httpSender(base: string, timeoutMs = 30_000): FuzzSend {
  return (request: FuzzRequest) =>
    new Promise<FuzzAnswer>((resolve, reject) => {
      const headers: Record<string, string> = { ...request.headers }
      if (request.body !== undefined) headers['content-length'] = String(request.body.length)
      const outgoing = httpRequest(new URL(request.url, base), {
        method: request.method,
        headers,
        timeout: timeoutMs,
      })
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)))
      outgoing.on('error', reject)
      outgoing.on('response', (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        )
      })
      outgoing.end(request.body)
    })
}
