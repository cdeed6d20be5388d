import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { AnalysisQueueRepo } from '#server/modules/analysis/analysis-queue.repo.ts'
import { INCOMING_DIR, isIncomingOfEarlierBoot } from '#server/modules/analysis/analysis-storage.ts'

/** Cleaning UPLOADS_DIR of what crashed requests and earlier boots of this server left behind. */

/** Partial uploads and folders without a row are removed once they are this old (commerce-reliability check 26). */
const REAP_AFTER_MS = 15 * 60_000
export const REAP_INTERVAL_MS = 10 * 60_000

/** An id for this installation's DATA_DIR, kept across restarts: its leases from an earlier life are known dead. */
export function loadOrCreateInstanceId(dataDir: string): string {
  const file = join(dataDir, 'instance-id')
  if (existsSync(file)) {
    const id = readFileSync(file, 'utf8').trim()
    if (/^[A-Za-z0-9_-]{16,}$/.test(id)) return id
  }
  const id = randomBytes(12).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${id}\n`)
  return id
}

/**
 * At start: the temporary files an earlier boot of this server was writing when it died (a kill -9 in the middle
 * of an upload). Nobody can still be writing them, so they go now instead of after the reaper's 15 minutes;
 * other servers' files on a shared UPLOADS_DIR carry other instance ids and are left alone. Answers how many went.
 */
export async function removeIncomingOfEarlierBoots(
  uploadsDir: string,
  instanceId: string,
  owner: string,
): Promise<number> {
  const incoming = join(uploadsDir, INCOMING_DIR)
  const names = await readdir(incoming).catch(() => [] as string[])
  const left = names.filter((name) => isIncomingOfEarlierBoot(name, instanceId, owner))
  await Promise.all(left.map((name) => rm(join(incoming, name), { force: true })))
  return left.length
}

/** Partial uploads of crashed requests, and folders whose row was never written (crash between the two). */
export async function reapUploads(
  uploadsDir: string,
  queue: Pick<AnalysisQueueRepo, 'existingModelFileIds'>,
): Promise<void> {
  const now = Date.now()
  const isOld = async (path: string): Promise<boolean> => {
    const info = await stat(path).catch(() => undefined)
    return info !== undefined && now - info.mtimeMs > REAP_AFTER_MS
  }
  const incoming = join(uploadsDir, INCOMING_DIR)
  for (const name of await readdir(incoming).catch(() => [] as string[])) {
    const path = join(incoming, name)
    if (await isOld(path)) await rm(path, { force: true })
  }
  const folders = (await readdir(uploadsDir).catch(() => [] as string[])).filter(
    (name) => !name.startsWith('.'),
  )
  for (let i = 0; i < folders.length; i += 500) {
    const batch = folders.slice(i, i + 500)
    const known = await queue.existingModelFileIds(batch)
    for (const name of batch) {
      const path = join(uploadsDir, name)
      if (!known.has(name) && (await isOld(path))) await rm(path, { recursive: true, force: true })
    }
  }
}
