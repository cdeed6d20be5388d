import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { COLOR_THUMBNAIL_TYPES, type StaffColor } from '#shared/contracts/staff-catalogue.contract.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Queryable } from '#server/db/db.ts'
import { swatchSvg } from '#server/modules/catalogue/color-swatch.ts'
import {
  COLOR_IMAGE_EXTENSIONS,
  fitsColorThumbnail,
  sniffColorImage,
} from '#server/modules/catalogue/staff/color-image.ts'
import { toStaffColor } from '#server/modules/catalogue/staff/colors.service.ts'
import { invalid, notFound, type StaffContext } from '#server/modules/catalogue/staff/staff-context.ts'

/**
 * Uploaded colour thumbnails (docs/decisions/0106-color-thumbnails-and-white-label-api-keys.md): stored below the
 * thumbnails folder's `colors/uploads/` under a fresh random name (so no cache ever shows an old picture under a
 * new one), the row pointed at it in one transaction with the audit entry, and the replaced upload removed only
 * after the commit. Removing the upload gives the colour its generated swatch back.
 */

const UPLOADS = 'colors/uploads/'
const isUpload = (path: string) => path.startsWith(UPLOADS)

/** Written under a temporary name and renamed: the static file server never sees a half-written file. */
async function writeAtomically(file: string, content: Uint8Array | string): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temp, content, { flag: 'wx' })
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

export function createStaffColorThumbnailService({ repo, write, thumbnailsDir }: StaffContext) {
  const fileOf = (path: string) => join(thumbnailsDir, ...path.split('/'))

  /** Points the colour at `path` with its audit entry; afterwards the replaced upload (if any) is removed. */
  async function replaceThumbnail(userId: string, id: string, path: string): Promise<StaffColor> {
    let before = ''
    const change = async (tx: Queryable) => {
      const row = await repo.findColor(id, tx)
      if (row === undefined) throw notFound('color', id)
      before = row.thumbnail_path
      await repo.updateColor(tx, id, { thumbnailPath: path })
      return repo.findColor(id, tx)
    }
    const row = await write(userId, 'update', 'color', id, change, { thumbnailPath: path })
    if (row === undefined) throw notFound('color', id)
    if (isUpload(before) && before !== path) await rm(fileOf(before), { force: true })
    return toStaffColor(row)
  }

  return {
    async setColorThumbnail(userId: string, id: string, bytes: Uint8Array): Promise<StaffColor> {
      const image = sniffColorImage(bytes)
      if (image === undefined) {
        throw new AppError(
          ErrorCode.UnsupportedFileType,
          'A colour thumbnail must be a PNG, JPEG or WebP image',
          {
            details: { accepted: [...COLOR_THUMBNAIL_TYPES] },
          },
        )
      }
      if (!fitsColorThumbnail(image))
        throw invalid(['file'], 'image_dimensions', 'A colour thumbnail has at most 2048 pixels a side')
      const path = `${UPLOADS}${randomBytes(16).toString('base64url')}.${COLOR_IMAGE_EXTENSIONS[image.type]}`
      await writeAtomically(fileOf(path), bytes)
      try {
        return await replaceThumbnail(userId, id, path)
      } catch (error) {
        await rm(fileOf(path), { force: true })
        throw error
      }
    },

    /** Back to the generated swatch that follows the colour's hex code. */
    async removeColorThumbnail(userId: string, id: string): Promise<StaffColor> {
      const color = await repo.findColor(id)
      if (color === undefined) throw notFound('color', id)
      const swatch = `colors/${id}.svg`
      await writeAtomically(fileOf(swatch), swatchSvg(color.hex))
      return replaceThumbnail(userId, id, swatch)
    },
  }
}
