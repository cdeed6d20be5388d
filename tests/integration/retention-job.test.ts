import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { newId } from '#server/db/ids.ts'
import { objectDir } from '#server/modules/analysis/analysis-storage.ts'
import {
  CART_THUMBNAILS_FOLDER,
  cartAttachmentsDir,
  createCartFileStore,
} from '#server/modules/cart/cart-files.ts'
import { createUploadRetention } from '#server/modules/analysis/analysis.module.ts'
import { createCartRetention } from '#server/modules/cart/cart.module.ts'
import { createRetentionJob, type RetentionJob } from '#server/modules/retention/retention.job.ts'
import { addItems, createCart, insertBox, itemInput, printModes } from '#tests/integration/helpers/cart.ts'
import { createTestApp, type TestApp } from '#tests/integration/helpers/test-app.ts'

/**
 * The retention job (issue 13, decision 0077) with ages set in the database: abandoned carts go with their
 * previews and attachments, uploads no remaining cart holds go with their folders, everything else stays.
 */

let t: TestApp
let fdm: PrintMode
const silent = { info: () => undefined, warn: () => undefined }

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_RETENTION_DAYS: '30', CART_RETENTION_DAYS: '90' } })
  fdm = (await printModes(t.app)).find((mode) => mode.name === 'PLA (FDM)')!
})

afterAll(async () => {
  await t.close()
})

function retentionJob(options: { firstRunDelayMs?: number } = {}): RetentionJob {
  return createRetentionJob({
    storage: t.config.storage,
    uploads: createUploadRetention(t.db, t.config.analysis.uploadsDir),
    carts: createCartRetention(
      t.db,
      createCartFileStore({
        thumbnailsDir: t.config.thumbnailsDir,
        attachmentsDir: cartAttachmentsDir(t.config.dataDir),
      }),
    ),
    log: silent,
    ...options,
  })
}

/** An analysed upload with its folder on disk, uploaded `ageDays` ago. */
async function upload(ageDays: number): Promise<string> {
  const id = await insertBox(t.db)
  mkdirSync(objectDir(t.config.analysis.uploadsDir, id), { recursive: true })
  writeFileSync(join(objectDir(t.config.analysis.uploadsDir, id), 'source.stl'), 'solid x\nendsolid x\n')
  await t.db.query(`UPDATE model_files SET created_at = now() - $2 * interval '1 day' WHERE id = $1`, [
    id,
    ageDays,
  ])
  return id
}

/** A cart holding `objectId` with a preview image and an attachment on disk, last changed `ageDays` ago. */
async function cartHolding(objectId: string, ageDays: number) {
  const cartId = await createCart(t.app)
  const itemId = (await addItems(t.app, cartId, [itemInput(objectId, fdm.id)])).createdItems[0]!._id
  const thumbnail = `${newId()}.png`
  const thumbnailPath = join(t.config.thumbnailsDir, CART_THUMBNAILS_FOLDER, thumbnail)
  mkdirSync(join(t.config.thumbnailsDir, CART_THUMBNAILS_FOLDER), { recursive: true })
  writeFileSync(thumbnailPath, 'png')
  const attachmentId = newId()
  const attachmentPath = join(cartAttachmentsDir(t.config.dataDir), attachmentId)
  mkdirSync(cartAttachmentsDir(t.config.dataDir), { recursive: true })
  writeFileSync(attachmentPath, '%PDF-1.7')
  await t.db.query('UPDATE cart_items SET thumbnail_name = $2 WHERE id = $1', [itemId, thumbnail])
  await t.db.query(
    `INSERT INTO cart_item_attachments (id, cart_item_id, file_name, kind, size_bytes, sha256)
     VALUES ($1, $2, 'plan.pdf', 'pdf', 8, $3)`,
    [attachmentId, itemId, '0'.repeat(64)],
  )
  await t.db.query(`UPDATE carts SET updated_at = now() - $2 * interval '1 day' WHERE id = $1`, [
    cartId,
    ageDays,
  ])
  return { cartId, files: [thumbnailPath, attachmentPath] }
}

async function exists(table: 'model_files' | 'carts', id: string): Promise<boolean> {
  const { rows } = await t.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])
  return rows.length === 1
}

const folderOf = (id: string) => objectDir(t.config.analysis.uploadsDir, id)

describe('a retention run', () => {
  it('removes what is due with its files and keeps what a live cart holds or is still young', async () => {
    const expired = await upload(31)
    const young = await upload(29)
    const heldByLiveCart = await upload(200)
    const heldByAbandonedCart = await upload(200)
    const live = await cartHolding(heldByLiveCart, 89)
    const abandoned = await cartHolding(heldByAbandonedCart, 91)

    const report = await retentionJob().runOnce()

    expect(report).toEqual({ carts: 1, uploads: 2, fileErrors: 0 })
    expect(await exists('carts', abandoned.cartId)).toBe(false)
    for (const file of abandoned.files) expect(existsSync(file), file).toBe(false)
    expect(await exists('carts', live.cartId)).toBe(true)
    for (const file of live.files) expect(existsSync(file), file).toBe(true)

    for (const gone of [expired, heldByAbandonedCart]) {
      expect(await exists('model_files', gone)).toBe(false)
      expect(existsSync(folderOf(gone))).toBe(false)
    }
    for (const kept of [young, heldByLiveCart]) {
      expect(await exists('model_files', kept)).toBe(true)
      expect(existsSync(folderOf(kept))).toBe(true)
    }
    // The next run finds nothing more to do.
    expect(await retentionJob().runOnce()).toEqual({ carts: 0, uploads: 0, fileErrors: 0 })
  })

  it('keeps an old upload while its analysis is running', async () => {
    const running = await upload(45)
    await t.db.query(
      `INSERT INTO analysis_tasks (id, model_file_id, state, lease_owner, lease_expires_at)
       VALUES ($1, $2, 'running', 'other-server:boot', now() + interval '30 seconds')`,
      [newId(), running],
    )
    await retentionJob().runOnce()
    expect(await exists('model_files', running)).toBe(true)
    expect(existsSync(folderOf(running))).toBe(true)
  })

  it('removes an expired upload’s analysis task with it', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/analytx/demo' })
    const { taskId, createdObject } = created.json() as { taskId: string; createdObject: { _id: string } }
    await t.db.query(`UPDATE model_files SET created_at = now() - interval '40 days' WHERE id = $1`, [
      createdObject._id,
    ])
    await retentionJob().runOnce()
    expect((await t.app.inject({ method: 'GET', url: `/api/analytx/task/${taskId}` })).statusCode).toBe(404)
  })
})

describe('the retention timer', () => {
  it('runs shortly after start and stops cleanly', async () => {
    const expired = await upload(60)
    const job = retentionJob({ firstRunDelayMs: 10 })
    job.start()
    await vi.waitFor(async () => expect(await exists('model_files', expired)).toBe(false), {
      timeout: 10_000,
      interval: 50,
    })
    await job.stop()
  })
})
