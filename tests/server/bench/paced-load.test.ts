import { createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { pacedLoad } from '#tests/bench/paced-load.ts'

/**
 * The paced load generator against a raw TCP server that parses each request and answers it as `answer` says:
 * the figures of every pricing and cart-read bench run through this generator.
 */
interface Received {
  head: string
  body: string
}

let server: Server | undefined

afterEach(() => {
  server?.close()
  server = undefined
})

type Answer = (request: Received, index: number, socket: Socket) => void

async function rawServer(answer: Answer): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = []
  server = createServer((socket) => {
    let data = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk])
      for (;;) {
        const headEnd = data.indexOf('\r\n\r\n')
        if (headEnd < 0) return
        const head = data.toString('latin1', 0, headEnd)
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
        if (data.length < headEnd + 4 + length) return
        const request = { head, body: data.toString('utf8', headEnd + 4, headEnd + 4 + length) }
        received.push(request)
        data = data.subarray(headEnd + 4 + length)
        answer(request, received.length - 1, socket)
      }
    })
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server!.address() as { port: number }
  return { url: `http://127.0.0.1:${port}/api/things?x=1`, received }
}

const answerText = (status: number, body: string) =>
  `HTTP/1.1 ${status} X\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`

describe('pacedLoad', () => {
  it('sends each new body whole, with its length in bytes, and counts every answer', async () => {
    const { url, received } = await rawServer((_request, _index, socket) =>
      socket.write(answerText(200, 'ok')),
    )
    const bodyOf = (sequence: number) => JSON.stringify({ sequence, name: 'Grüße aus Köln €' })
    const result = await pacedLoad({ url, method: 'POST', rate: 200, connections: 4, durationS: 0.2, bodyOf })
    expect(result.requests).toBe(40)
    expect(result.non2xx + result.errors + result.timeouts).toBe(0)
    expect(received.map((request) => request.body).sort()).toEqual(
      Array.from({ length: 40 }, (_, sequence) => bodyOf(sequence)).sort(),
    )
    expect(received[0]!.head).toMatch(/^POST \/api\/things\?x=1 HTTP\/1\.1\r\n/)
  })

  it('reads an answer that arrives in pieces, and one longer than its connection buffer', async () => {
    const long = 'x'.repeat(100_000)
    const { url } = await rawServer((_request, index, socket) => {
      const text = answerText(200, index % 2 === 0 ? long : 'short')
      socket.write(text.slice(0, 20))
      setTimeout(() => socket.write(text.slice(20, 70)), 2)
      setTimeout(() => socket.write(text.slice(70)), 4)
    })
    const result = await pacedLoad({ url, method: 'GET', rate: 100, connections: 2, durationS: 0.2 })
    expect(result.requests).toBe(20)
    expect(result.non2xx + result.errors + result.timeouts).toBe(0)
    // Each answer's last piece came 4 ms after its request.
    expect(result.p50).toBeGreaterThanOrEqual(4)
  })

  it('counts an answer outside 2xx', async () => {
    const { url } = await rawServer((_request, index, socket) =>
      socket.write(answerText(index % 4 === 0 ? 503 : 200, 'x')),
    )
    const result = await pacedLoad({ url, method: 'GET', rate: 200, connections: 1, durationS: 0.1 })
    expect(result.requests).toBe(20)
    expect(result.non2xx).toBe(5)
  })
})
