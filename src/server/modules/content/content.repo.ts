import type { ContactKind } from '#shared/contracts/contact.contract.ts'
import type { Locale } from '#shared/domain/limits.ts'
import type { Queryable } from '#server/db/db.ts'

/**
 * SQL for CMS pages, navigation lists and contact submissions (migration 002_content.sql). Rows hold JSON exactly
 * as the service validated it; the repository does not interpret it.
 */

export interface CmsPageRow {
  lang: Locale
  slug: string
  /** The page document (CmsPageDocumentSchema), as stored. */
  page: unknown
  updated_at: Date
}

export interface ContactSubmissionRow {
  id: string
  kind: ContactKind
  payload: unknown
  ip: string | null
  created_at: Date
  mailed_at: Date | null
}

const json = (value: unknown) => JSON.stringify(value)

export function createContentRepo(db: Queryable) {
  return {
    async getPage(lang: Locale, slug: string): Promise<CmsPageRow | null> {
      const { rows } = await db.query<CmsPageRow>(
        'SELECT lang, slug, page, updated_at FROM cms_pages WHERE lang = $1 AND slug = $2',
        [lang, slug],
      )
      return rows[0] ?? null
    },

    async upsertPage(lang: Locale, slug: string, page: unknown): Promise<void> {
      await db.query(
        `INSERT INTO cms_pages (lang, slug, page) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (lang, slug) DO UPDATE SET page = EXCLUDED.page, updated_at = now()`,
        [lang, slug, json(page)],
      )
    },

    async listSlugs(lang: Locale): Promise<string[]> {
      const { rows } = await db.query<{ slug: string }>(
        'SELECT slug FROM cms_pages WHERE lang = $1 ORDER BY slug',
        [lang],
      )
      return rows.map((row) => row.slug)
    },

    async countPages(): Promise<number> {
      const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM cms_pages')
      return rows[0]?.count ?? 0
    },

    async getNavigation(lang: Locale): Promise<unknown> {
      const { rows } = await db.query<{ navigation: unknown }>(
        'SELECT navigation FROM cms_navigation WHERE lang = $1',
        [lang],
      )
      return rows[0]?.navigation ?? null
    },

    async upsertNavigation(lang: Locale, navigation: unknown): Promise<void> {
      await db.query(
        `INSERT INTO cms_navigation (lang, navigation) VALUES ($1, $2::jsonb)
         ON CONFLICT (lang) DO UPDATE SET navigation = EXCLUDED.navigation, updated_at = now()`,
        [lang, json(navigation)],
      )
    },

    async insertSubmission(submission: {
      id: string
      kind: ContactKind
      payload: unknown
      ip: string | null
    }): Promise<void> {
      await db.query(
        'INSERT INTO contact_submissions (id, kind, payload, ip) VALUES ($1, $2, $3::jsonb, $4)',
        [submission.id, submission.kind, json(submission.payload), submission.ip],
      )
    },

    /** Submissions from one address since a moment (for the per-address limit). */
    async countSubmissionsSince(ip: string, since: Date): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM contact_submissions WHERE ip = $1 AND created_at >= $2',
        [ip, since.toISOString()],
      )
      return rows[0]?.count ?? 0
    },

    async getSubmission(id: string): Promise<ContactSubmissionRow | null> {
      const { rows } = await db.query<ContactSubmissionRow>(
        'SELECT id, kind, payload, ip, created_at, mailed_at FROM contact_submissions WHERE id = $1',
        [id],
      )
      return rows[0] ?? null
    },

    async markMailed(id: string): Promise<void> {
      await db.query('UPDATE contact_submissions SET mailed_at = now() WHERE id = $1 AND mailed_at IS NULL', [
        id,
      ])
    },
  }
}
export type ContentRepo = ReturnType<typeof createContentRepo>
