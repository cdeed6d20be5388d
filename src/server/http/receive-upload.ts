import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Receiving an uploaded file, the same for every file route (3D models, cart attachments): streamed to a temporary
 * file chunk by chunk (never whole in memory), hashed on the way, its first bytes kept for the content sniff, cut
 * off at the size limit; and a refused upload abandoned without reading the rest of its body.
 */

/** Raised when the stream is longer than allowed. */
export class UploadTooLargeError extends Error {
  override name = 'UploadTooLargeError'
}

export interface ReceivedUpload {
  tempPath: string
  size: number
  sha256: string
  /** The first bytes, for the content sniff. */
  head: Uint8Array
}

export interface ReceiveUploadOptions {
  /** Where to write; a new name (the file is created exclusively) in a folder made if missing. */
  tempPath: string
  maxBytes: number
  /** How many first bytes to keep for the content sniff. */
  headBytes: number
  /** How the multipart parser reports its size limit: the stream is then destroyed at once. */
  onLimit: (listener: () => void) => void
  /** The parser cut the stream at the limit (its 'limit' event may have fired before we listened). */
  truncated: () => boolean
}

/**
 * Streams `source` to `tempPath`. Past the limit the stream is destroyed at once (no waiting for the rest of a
 * 2 GB body) and the partial file removed; on any failure the file is gone.
 */
export async function receiveUpload(
  source: Readable,
  options: ReceiveUploadOptions,
): Promise<ReceivedUpload> {
  const { tempPath, maxBytes, headBytes } = options
  await mkdir(dirname(tempPath), { recursive: true })
  const tooLarge = () => new UploadTooLargeError(`The file is larger than ${maxBytes} bytes`)
  const hash = createHash('sha256')
  const headChunks: Buffer[] = []
  let headLength = 0
  let size = 0
  options.onLimit(() => source.destroy(tooLarge()))
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length
          // The parser's limit is the authority; this is a second line in case a source has none.
          if (size > maxBytes) throw tooLarge()
          hash.update(chunk)
          if (headLength < headBytes) {
            const part = chunk.subarray(0, headBytes - headLength)
            headChunks.push(Buffer.from(part))
            headLength += part.length
          }
          yield chunk
        }
      },
      createWriteStream(tempPath, { flags: 'wx' }),
    )
    if (options.truncated()) throw tooLarge()
  } catch (error) {
    await rm(tempPath, { force: true })
    throw error
  }
  return { tempPath, size, sha256: hash.digest('hex'), head: new Uint8Array(Buffer.concat(headChunks)) }
}

/**
 * An upload refused before its body was read to the end: stop reading the file part and close the connection
 * after the answer, rather than read (and discard) the rest of a large body.
 */
export function abandonUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  file: Readable | undefined,
): void {
  if (file !== undefined && !file.destroyed) file.destroy()
  if (!request.raw.complete) reply.header('connection', 'close')
}
