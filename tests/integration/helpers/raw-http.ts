import { connect, type Socket } from 'node:net'

/**
 * A client that writes raw bytes to the server: what a browser or fetch cannot send (a broken Content-Length,
 * headers dribbled over seconds, a body that stops half way). `closed` says when and with what bytes the server
 * ended the connection.
 */
export interface RawConnection {
  socket: Socket
  /** Resolves when the server closed the connection: the bytes it answered and ms since `openRaw`. */
  closed: Promise<{ answer: string; afterMs: number }>
  write(text: string | Buffer): void
}

export async function openRaw(port: number): Promise<RawConnection> {
  const socket = connect({ port, host: '127.0.0.1' })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  const openedAt = Date.now()
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  const closed = new Promise<{ answer: string; afterMs: number }>((resolve) => {
    // A reset is also a close: what matters is that the server let go.
    socket.on('error', () => undefined)
    socket.once('close', () =>
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), afterMs: Date.now() - openedAt }),
    )
  })
  return {
    socket,
    closed,
    write: (text) => {
      if (!socket.destroyed) socket.write(text)
    },
  }
}

/** The JSON body of a raw HTTP answer. */
export function bodyOf(answer: string): unknown {
  const start = answer.indexOf('\r\n\r\n')
  return JSON.parse(answer.slice(start + 4)) as unknown
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
