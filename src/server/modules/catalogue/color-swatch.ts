import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve, sep } from 'node:path'
import type { Queryable } from '#server/db/db.ts'

/** Hue in whole degrees (0–359) of a `#rrggbb` colour; greys count as 0. */
export function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  const max = Math.max(r, g, b)
  const delta = max - Math.min(r, g, b)
  if (delta === 0) return 0
  const sector = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4
  return (Math.round(sector * 60) + 360) % 360
}

/** A 64 px swatch: the colour with a soft light-to-shade sheen, so pale colours still read as material. */
export function swatchSvg(hex: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    '<defs><linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>',
    '<stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/>',
    '<stop offset="1" stop-color="#000000" stop-opacity="0.25"/>',
    '</linearGradient></defs>',
    `<rect width="64" height="64" rx="8" fill="${hex}"/>`,
    '<rect width="64" height="64" rx="8" fill="url(#sheen)"/>',
    '<rect x="0.5" y="0.5" width="63" height="63" rx="7.5" fill="none" stroke="#000000" stroke-opacity="0.15"/>',
    '</svg>',
    '',
  ].join('')
}

/**
 * Writes the swatch file of every generated colour thumbnail that is missing, so the images come back when the
 * database outlives DATA_DIR (an external PostgreSQL with a fresh container). Uploaded thumbnails are left alone.
 */
export async function ensureColorThumbnails(db: Queryable, thumbnailsDir: string): Promise<number> {
  const root = resolve(thumbnailsDir)
  const { rows } = await db.query<{ hex: string; thumbnail_path: string }>(
    "SELECT hex, thumbnail_path FROM colors WHERE thumbnail_path LIKE 'colors/%.svg'",
  )
  let written = 0
  for (const row of rows) {
    const file = resolve(root, row.thumbnail_path)
    if (!file.startsWith(root + sep) || existsSync(file)) continue
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, swatchSvg(row.hex))
    written++
  }
  return written
}
