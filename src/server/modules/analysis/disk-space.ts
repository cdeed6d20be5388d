import { mkdir, statfs } from 'node:fs/promises'

/** Bytes an unprivileged process may still write on the file system holding `dir` (created if missing). */
export async function freeDiskBytes(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true })
  const stats = await statfs(dir)
  return stats.bavail * stats.bsize
}
