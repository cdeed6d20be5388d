import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

/**
 * Build-time compression of the SPA's text assets (issue 18): every text file over a kilobyte gets a `.br` (best
 * quality) and a `.gz` (level 9) sibling, which `@fastify/static`'s `preCompressed` serves by `Accept-Encoding`. The
 * work is done once at build time, so the server spends no CPU on it per request. A variant that is not smaller
 * than the file is not written (the server then sends the file itself).
 */

const TEXT_EXTENSIONS = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
])
/** Below this, the headers of a compressed answer outweigh what it saves. */
export const PRECOMPRESS_MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* textFiles(path)
    else if (entry.isFile() && TEXT_EXTENSIONS.has(extname(entry.name))) yield path
  }
}

export type PrecompressSummary = { files: number; bytes: number; brotliBytes: number; gzipBytes: number }

async function compressOne(path: string, summary: PrecompressSummary): Promise<void> {
  const content = await readFile(path)
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ])
  summary.files += 1
  summary.bytes += content.length
  summary.brotliBytes += Math.min(br.length, content.length)
  summary.gzipBytes += Math.min(gz.length, content.length)
  if (br.length < content.length) await writeFile(`${path}.br`, br)
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz)
}

/** Writes the `.br` and `.gz` siblings of every text file of `dir` (recursively) over PRECOMPRESS_MIN_BYTES. */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  for await (const path of textFiles(dir)) {
    if ((await stat(path)).size >= PRECOMPRESS_MIN_BYTES) await compressOne(path, summary)
  }
  return summary
}
