import type { Queryable } from '#server/db/db.ts'

/** A link table between an owner row and the rows it lists, e.g. print_mode_surface_finishes. */
export interface LinkTable {
  table: string
  ownerColumn: string
  linkColumn: string
  /** Column that keeps the list's order (the id's index); absent for unordered sets. */
  orderColumn?: string
}

/**
 * Replaces an owner's links with `ids`: delete them all, then insert each in order. One helper for every
 * "delete the links, then insert each link" write (issue 12), so the ordering rule is written once. Table and
 * column names come from code, never from input.
 */
export async function replaceLinks(
  tx: Queryable,
  link: LinkTable,
  ownerId: string,
  ids: readonly string[],
): Promise<void> {
  await tx.query(`DELETE FROM ${link.table} WHERE ${link.ownerColumn} = $1`, [ownerId])
  const columns = [
    link.ownerColumn,
    link.linkColumn,
    ...(link.orderColumn === undefined ? [] : [link.orderColumn]),
  ]
  const placeholders = columns.map((_, index) => `$${index + 1}`).join(', ')
  const sql = `INSERT INTO ${link.table} (${columns.join(', ')}) VALUES (${placeholders})`
  for (const [index, id] of ids.entries()) {
    await tx.query(sql, link.orderColumn === undefined ? [ownerId, id] : [ownerId, id, index])
  }
}
