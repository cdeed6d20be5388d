import {
  type CmsNavigation,
  CmsNavigationSchema,
  type CmsPage,
  type CmsPageDocument,
  type CmsPageDocumentInput,
  CmsPageDocumentSchema,
  CmsPageParamsSchema,
} from '#shared/contracts/cms.contract.ts'
import { type ContactRequest, type ContactResponse } from '#shared/contracts/contact.contract.ts'
import { LOCALES, type Locale } from '#shared/domain/limits.ts'
import { AppError } from '#shared/errors/app-error.ts'
import { ErrorCode } from '#shared/errors/error-codes.ts'
import type { Db } from '#server/db/db.ts'
import { newId } from '#server/db/ids.ts'
import type { MailMessage, SentMail } from '#server/modules/mail/mail.module.ts'
import { type ContentRepo, createContentRepo } from '#server/modules/content/content.repo.ts'
import type { ExternalCmsSource } from '#server/modules/content/external-cms.source.ts'
import { sanitizeCmsPage } from '#server/modules/content/sanitize-html.ts'
import { buildSeedContent } from '#server/modules/content/seed/seed-content.ts'

/**
 * CMS pages and contact submissions (spec part 1 §2/§3/§7, part 2 §2/§3/§7).
 *
 * Pages come from the database (seeded with the pages in ./seed when empty) or, when CMS_URL is set, from the
 * external CMS. Bodytext is sanitised when a page is saved and again when it is served. Submissions are validated,
 * stored first and mailed to the team afterwards; a failed mail leaves the stored submission (mailed_at stays null).
 */

/** Commerce-reliability check 43 (proposed limit): submissions per address and hour. */
export const SUBMISSIONS_PER_HOUR_PER_IP = 5
const HOUR_MS = 60 * 60 * 1_000
/** Any constant: two servers starting at once against one PostgreSQL database must not both seed the pages. */
const CONTENT_SEED_LOCK_KEY = 7_301_842_117

const EMPTY_NAVIGATION: CmsNavigation = { main: [], top: [], footerleft: [], footerright: [] }

export interface ContentServiceDeps {
  db: Db
  /** Set when CMS_URL is configured: pages and navigation then come from there. */
  externalCms?: ExternalCmsSource
  /** Mails each submission to `inbox` when both are set. */
  mail?: { send(message: MailMessage): Promise<SentMail> }
  inbox?: string
  submissionsPerHourPerIp?: number
  now?: () => Date
  newId?: () => string
  /** Told about mails that could not be sent (the submission is stored regardless). */
  onMailError?: (error: unknown, submissionId: string) => void
}

export interface SubmissionMeta {
  /** The sender's address; null when unknown (no per-address limit then). */
  ip: string | null
}

const KIND_LABELS: Record<ContactRequest['kind'], string> = {
  contact: 'Kontaktanfrage',
  'bug-report': 'Fehlermeldung',
  newsletter: 'Newsletteranmeldung',
  'vat-id': 'USt-IdNr.',
}

/** The team's mail: the validated fields, one per line (every header field was checked to be one line). */
export function submissionMail(request: ContactRequest, id: string, inbox: string): MailMessage {
  const subject =
    'subject' in request && request.subject !== ''
      ? `${KIND_LABELS[request.kind]}: ${request.subject}`
      : KIND_LABELS[request.kind]
  const lines = Object.entries(request)
    .filter(([key]) => key !== 'kind')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
  return {
    to: [inbox],
    replyTo: request.mail,
    subject: `[Schichtwerk] ${subject}`,
    text: [`${KIND_LABELS[request.kind]} ${id}`, '', ...lines].join('\n'),
  }
}

function notFound(lang: string, slug: string): AppError {
  return new AppError(ErrorCode.NotFound, `No CMS page ${lang}/${slug}`)
}

async function navigationFromDb(repo: ContentRepo, lang: Locale): Promise<CmsNavigation> {
  const stored = await repo.getNavigation(lang)
  if (stored === null) return EMPTY_NAVIGATION
  return CmsNavigationSchema.parse(stored)
}

async function pageFromDb(repo: ContentRepo, lang: Locale, slug: string): Promise<CmsPage> {
  const row = await repo.getPage(lang, slug)
  if (row === null) throw notFound(lang, slug)
  // A stored page that no longer matches the contract is a bug: answered as internal_error by the error handler.
  const document = CmsPageDocumentSchema.parse(row.page)
  return { page: { navigation: await navigationFromDb(repo, lang) }, ...sanitizeCmsPage(document) }
}

async function savePageIn(repo: ContentRepo, document: CmsPageDocumentInput): Promise<CmsPageDocument> {
  const clean = CmsPageDocumentSchema.parse(sanitizeCmsPage(CmsPageDocumentSchema.parse(document)))
  await repo.upsertPage(clean.lang, clean.slug, clean)
  return clean
}

/** Writes the seed pages and navigation when no page is stored yet (one process at a time); true when it did. */
async function seedIfEmpty(db: ContentServiceDeps['db']): Promise<boolean> {
  const content = buildSeedContent()
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [CONTENT_SEED_LOCK_KEY])
    const txRepo = createContentRepo(tx)
    if ((await txRepo.countPages()) > 0) return false
    for (const page of content.pages) await savePageIn(txRepo, page)
    for (const lang of LOCALES) {
      await txRepo.upsertNavigation(lang, CmsNavigationSchema.parse(content.navigation[lang]))
    }
    return true
  })
}

export function createContentService(deps: ContentServiceDeps) {
  const repo: ContentRepo = createContentRepo(deps.db)
  const now = deps.now ?? (() => new Date())
  const makeId = deps.newId ?? newId
  const perHour = deps.submissionsPerHourPerIp ?? SUBMISSIONS_PER_HOUR_PER_IP

  return {
    /** A page by language and raw slug (`''` and `/` are the start page); 404 not_found when there is none. */
    async getPage(lang: string, rawSlug: string): Promise<CmsPage> {
      const params = CmsPageParamsSchema.safeParse({ lang, slug: rawSlug })
      if (!params.success) throw notFound(lang, rawSlug)
      const { lang: locale, slug } = params.data
      if (deps.externalCms !== undefined) {
        const page = await deps.externalCms.getPage(locale, slug)
        if (page === null) throw notFound(locale, slug)
        return page
      }
      return pageFromDb(repo, locale, slug)
    },

    /** The navigation lists of a language (the external CMS's start page's, when one is configured). */
    async getNavigation(lang: string): Promise<CmsNavigation> {
      const locale = LOCALES.find((candidate) => candidate === lang)
      if (locale === undefined) throw new AppError(ErrorCode.NotFound, `No navigation for ${lang}`)
      if (deps.externalCms !== undefined) {
        const start = await deps.externalCms.getPage(locale, 'start')
        return start?.page.navigation ?? EMPTY_NAVIGATION
      }
      return navigationFromDb(repo, locale)
    },

    /** Validates, sanitises and stores a page document; returns what was stored. */
    savePage: (document: CmsPageDocumentInput): Promise<CmsPageDocument> => savePageIn(repo, document),

    async saveNavigation(lang: Locale, navigation: CmsNavigation): Promise<void> {
      await repo.upsertNavigation(lang, CmsNavigationSchema.parse(navigation))
    },

    /** Writes the seed pages and navigation when no page is stored yet; true when it did. */
    seedIfEmpty: (): Promise<boolean> => seedIfEmpty(deps.db),

    /**
     * Stores a validated submission and mails it to the team. More than `submissionsPerHourPerIp` from one address
     * within an hour answer 429 rate_limited.
     */
    async submit(request: ContactRequest, meta: SubmissionMeta): Promise<ContactResponse> {
      if (meta.ip !== null) {
        const recent = await repo.countSubmissionsSince(meta.ip, new Date(now().getTime() - HOUR_MS))
        if (recent >= perHour) {
          throw new AppError(
            ErrorCode.RateLimited,
            'Too many messages from this address, please try again later',
          )
        }
      }
      const id = makeId()
      await repo.insertSubmission({ id, kind: request.kind, payload: request, ip: meta.ip })
      if (deps.mail !== undefined && deps.inbox !== undefined) {
        try {
          await deps.mail.send(submissionMail(request, id, deps.inbox))
          await repo.markMailed(id)
        } catch (error) {
          deps.onMailError?.(error, id)
        }
      }
      return { ok: true, id }
    },
  }
}
export type ContentService = ReturnType<typeof createContentService>
