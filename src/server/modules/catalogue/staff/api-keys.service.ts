import { createHash, randomBytes } from 'node:crypto'
import type { z } from 'zod'
import {
  API_KEY_ROTATION_GRACE_MS,
  type CreateApiKeySchema,
  type StaffApiKey,
} from '#shared/contracts/staff-catalogue.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Queryable } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import { type ApiKeyStaffRow, createStaffApiKeyRepo } from '#server/modules/catalogue/staff/api-keys.repo.ts'
import { notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'

/**
 * The white labels' API keys (docs/decisions/0106-color-thumbnails-and-white-label-api-keys.md): 192 random bits,
 * shown once and stored only as SHA-256 (a fast hash is enough for a random secret of that size: there is nothing
 * to guess). A rotation keeps the old key working for API_KEY_ROTATION_GRACE_MS; a revocation ends a key at once.
 */

const ENTITY = 'white-label-api-key'

function toStaffApiKey(row: ApiKeyStaffRow, now: number): StaffApiKey {
  const expiresAt = row.expires_at === null ? null : new Date(row.expires_at)
  return {
    id: row.id,
    label: row.label,
    lastFour: row.last_four,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: expiresAt?.toISOString() ?? null,
    revoked: row.revoked,
    active: !row.revoked && (expiresAt === null || expiresAt.getTime() > now),
  }
}

/** A new secret: a recognisable prefix (secret scanners, support) and 32 base64url characters. */
function newSecret(): { key: string; hash: string; lastFour: string } {
  const key = `swk_${randomBytes(24).toString('base64url')}`
  return { key, hash: createHash('sha256').update(key).digest('hex'), lastFour: key.slice(-4) }
}

const keyNotFound = (keyId: string) => notFound('API key', keyId)

export function createStaffApiKeyService({ db, repo, write }: StaffContext) {
  const keys = createStaffApiKeyRepo(db)

  async function requireWhiteLabel(tx: Queryable, whiteLabelId: string): Promise<void> {
    if ((await repo.findWhiteLabel(whiteLabelId, tx)) === undefined)
      throw notFound('white label', whiteLabelId)
  }

  async function insert(
    tx: Queryable,
    key: { id: string; userId: string; whiteLabelId: string; label: string },
  ) {
    const secret = newSecret()
    const row = await keys.insertApiKey(tx, { ...key, ...secret })
    return { row, key: secret.key }
  }

  return {
    async listApiKeys(whiteLabelId: string): Promise<StaffApiKey[]> {
      await requireWhiteLabel(db, whiteLabelId)
      const now = Date.now()
      return (await keys.listApiKeys(whiteLabelId)).map((row) => toStaffApiKey(row, now))
    },

    async createApiKey(
      userId: string,
      whiteLabelId: string,
      input: z.output<typeof CreateApiKeySchema>,
    ): Promise<{ apiKey: StaffApiKey; key: string }> {
      const id = newId()
      const create = async (tx: Queryable) => {
        await requireWhiteLabel(tx, whiteLabelId)
        return insert(tx, { id, userId, whiteLabelId, label: input.label })
      }
      const created = await write(userId, 'create', ENTITY, id, create, { whiteLabelId, label: input.label })
      return { apiKey: toStaffApiKey(created.row, Date.now()), key: created.key }
    },

    async rotateApiKey(
      userId: string,
      whiteLabelId: string,
      keyId: string,
    ): Promise<{ apiKey: StaffApiKey; key: string }> {
      const graceEnds = new Date(Date.now() + API_KEY_ROTATION_GRACE_MS)
      const successorId = newId()
      const rotate = async (tx: Queryable) => {
        const old = await keys.findApiKeyForUpdate(tx, whiteLabelId, keyId)
        if (old === undefined) throw keyNotFound(keyId)
        if (old.revoked || old.replaced_by !== null)
          throw new AppError(
            ErrorCode.Conflict,
            'Only a key in force that was not rotated yet can be rotated',
          )
        const created = await insert(tx, { id: successorId, userId, whiteLabelId, label: old.label })
        await keys.expireApiKey(tx, keyId, graceEnds, created.row.id)
        return created
      }
      const details = { whiteLabelId, replacedBy: successorId, graceEndsAt: graceEnds.toISOString() }
      const created = await write(userId, 'update', ENTITY, keyId, rotate, details)
      return { apiKey: toStaffApiKey(created.row, Date.now()), key: created.key }
    },

    async revokeApiKey(userId: string, whiteLabelId: string, keyId: string): Promise<void> {
      await write(
        userId,
        'archive',
        ENTITY,
        keyId,
        async (tx) => {
          if ((await keys.findApiKeyForUpdate(tx, whiteLabelId, keyId)) === undefined)
            throw keyNotFound(keyId)
          await keys.revokeApiKey(tx, keyId)
        },
        { whiteLabelId },
      )
    },
  }
}
