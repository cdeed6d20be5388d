import { type AnyMachineSnapshot, type AnyStateMachine, type Snapshot, type SnapshotFrom } from 'xstate'
import { cmsPagePathModel } from '#machines/cms-page/cms-page.paths.ts'
import { type contactFormMachine } from '#machines/contact-form/contact-form.machine.ts'
import { contactFormPathModel } from '#machines/contact-form/contact-form.paths.ts'
import { type newsletterFormMachine } from '#machines/newsletter-form/newsletter-form.machine.ts'
import { newsletterFormPathModel } from '#machines/newsletter-form/newsletter-form.paths.ts'
import { type vatIdFormMachine } from '#machines/vat-id-form/vat-id-form.machine.ts'
import { vatIdFormPathModel } from '#machines/vat-id-form/vat-id-form.paths.ts'
import { type CmsPage, normalizeCmsSlug } from '#shared/contracts/cms.contract.ts'
import { missingContactFields } from '#shared/domain/forms/contact-draft.ts'
import { missingNewsletterFields, newsletterIssues } from '#shared/domain/forms/newsletter-form.ts'
import { type Locale } from '#shared/domain/limits.ts'
import { type PathModel, stableStringify, statesOf } from '#tests/graph/path-testing.ts'
import { type ContentSnapshots } from '#client/actors/content-actors.ts'
import { cmsNavigationMachine } from '#machines/cms-navigation/cms-navigation.machine.ts'
import { storyNavigation } from './cms-story-pages.ts'

/**
 * Named states of the content machines (CMS page, navigation, newsletter, contact and VAT-ID forms) for stories and
 * DOM tests: each one a state the machine's path model reaches (`statesOf`), picked by a name a story asks for.
 */

type Persisted = Snapshot<unknown>
const cache = new Map<string, Map<string, Persisted>>()

/** Every reachable state, told apart finely (`node`), then named (`name`); the first (shortest) per name wins. */
function named<TMachine extends AnyStateMachine>(
  cacheKey: string,
  model: PathModel<TMachine>,
  node: (snapshot: SnapshotFrom<TMachine>) => unknown,
  name: (snapshot: SnapshotFrom<TMachine>) => string | null,
): Map<string, Persisted> {
  let states = cache.get(cacheKey)
  if (!states) {
    states = new Map()
    const reached = statesOf(model, {
      key: (snapshot) =>
        stableStringify({ value: (snapshot as AnyMachineSnapshot).value, node: node(snapshot) }),
    })
    for (const state of reached) {
      const label = name(state.snapshot)
      if (label !== null && !states.has(label)) states.set(label, state.persisted)
    }
    cache.set(cacheKey, states)
  }
  return states
}

function pick(states: Map<string, Persisted>, name: string, what: string): Persisted {
  const found = states.get(name)
  if (!found)
    throw new Error(`${what}: no reachable state '${name}' (known: ${[...states.keys()].join(', ')})`)
  return found
}

// ---------------------------------------------------------------------------------------------------------------
// Newsletter modal

export const NEWSLETTER_STORY_STATES = [
  'closed',
  'open',
  'open:empty',
  'open:invalid',
  'open:valid',
  'submitting',
] as const
export type NewsletterStoryState = (typeof NEWSLETTER_STORY_STATES)[number]

type NewsletterSnapshot = SnapshotFrom<typeof newsletterFormMachine>

/** `closed`; `open` (address filled in), `open:empty`, `open:invalid` (a wrong postal code), `open:valid`; `submitting`. */
export function newsletterStateName(snapshot: NewsletterSnapshot): NewsletterStoryState | null {
  if (snapshot.matches('closed')) return 'closed'
  if (snapshot.hasTag('busy')) return 'submitting'
  const { draft } = snapshot.context
  const missing = missingNewsletterFields(draft)
  const invalid = Object.keys(newsletterIssues(draft)).filter(
    (field) => !(missing as string[]).includes(field),
  )
  if (invalid.length > 0) return 'open:invalid'
  if (missing.length === 0) return 'open:valid'
  return missing.includes('mail') ? 'open:empty' : 'open'
}

export function newsletterSnapshot(name: NewsletterStoryState): Persisted | undefined {
  if (name === 'closed') return undefined
  const states = named(
    'newsletter',
    newsletterFormPathModel,
    ({ context }) => ({
      missing: missingNewsletterFields(context.draft),
      issues: newsletterIssues(context.draft),
    }),
    newsletterStateName,
  )
  return pick(states, name, 'newsletter form')
}

// ---------------------------------------------------------------------------------------------------------------
// Contact form

export const CONTACT_STORY_STATES = [
  'editing',
  'editing:filled',
  'bugReport',
  'bugReport:errorMessage',
  'bugReport:filled',
  'submitting',
  'failed',
  'failed:bugReport',
] as const
export type ContactStoryState = (typeof CONTACT_STORY_STATES)[number]

type ContactSnapshot = SnapshotFrom<typeof contactFormMachine>

/**
 * `editing` (empty contact form), `editing:filled`; `bugReport` (the error-message field disabled),
 * `bugReport:errorMessage` (enabled), `bugReport:filled`; `submitting`; `failed` and `failed:bugReport` (a complete
 * draft whose send failed, every field kept).
 */
export function contactStateName(snapshot: ContactSnapshot): ContactStoryState | null {
  const { draft, error } = snapshot.context
  const missing = missingContactFields(draft)
  if (snapshot.hasTag('busy')) return draft.isBugReport ? null : 'submitting'
  if (error !== null) return missing.length > 0 ? null : draft.isBugReport ? 'failed:bugReport' : 'failed'
  if (!draft.isBugReport) {
    if (missing.length === 0) return 'editing:filled'
    return missing.length === 5 ? 'editing' : null
  }
  if (missing.length === 0) return 'bugReport:filled'
  if (draft.errorMessageOccurred) return 'bugReport:errorMessage'
  return missing.length === 9 ? 'bugReport' : null
}

export function contactSnapshot(name: ContactStoryState): Persisted | undefined {
  if (name === 'editing') return undefined
  const states = named(
    'contact',
    contactFormPathModel,
    ({ context }) => ({
      isBugReport: context.draft.isBugReport,
      errorMessageOccurred: context.draft.errorMessageOccurred,
      missing: missingContactFields(context.draft),
      error: context.error,
    }),
    contactStateName,
  )
  return pick(states, name, 'contact form')
}

// ---------------------------------------------------------------------------------------------------------------
// VAT-ID form

export const VAT_ID_STORY_STATES = [
  'editing',
  'editing:value',
  'editing:blank',
  'submitting',
  'failed',
] as const
export type VatIdStoryState = (typeof VAT_ID_STORY_STATES)[number]

type VatIdSnapshot = SnapshotFrom<typeof vatIdFormMachine>

export function vatIdStateName(snapshot: VatIdSnapshot): VatIdStoryState | null {
  const { value, error } = snapshot.context
  if (snapshot.hasTag('busy')) return 'submitting'
  if (error !== null) return value.trim() === '' ? null : 'failed'
  if (value === '') return 'editing'
  return value.trim() === '' ? 'editing:blank' : 'editing:value'
}

export function vatIdSnapshot(name: VatIdStoryState): Persisted | undefined {
  if (name === 'editing') return undefined
  const states = named(
    'vat-id',
    vatIdFormPathModel,
    ({ context }) => ({ value: context.value, error: context.error }),
    vatIdStateName,
  )
  return pick(states, name, 'VAT-ID form')
}

/** The account the VAT-ID path model sends with (its input). */
export const vatIdStoryInput = vatIdFormPathModel.input

// ---------------------------------------------------------------------------------------------------------------
// CMS page and navigation

export type CmsPageStoryState = 'loading' | 'loaded' | 'failed:404' | 'failed:500'

/**
 * A CMS page actor's state for `page` (its language and slug): the path model's `loading`, `loaded` or `failed`
 * state with the story's page in place of the model's.
 */
export function cmsPageSnapshot(state: CmsPageStoryState, page: CmsPage): Persisted {
  const states = named(
    'cms-page',
    cmsPagePathModel,
    ({ context }) => ({ loaded: context.page !== null, failure: context.failure }),
    (snapshot) =>
      snapshot.hasTag('loading')
        ? 'loading'
        : snapshot.hasTag('loaded')
          ? 'loaded'
          : snapshot.context.failure === null
            ? null
            : `failed:${snapshot.context.failure}`,
  )
  const persisted = pick(states, state, 'CMS page') as Persisted & { context: Record<string, unknown> }
  return {
    ...persisted,
    context: {
      ...persisted.context,
      lang: page.lang,
      slug: normalizeCmsSlug(page.slug),
      page: state === 'loaded' ? page : null,
      failure: state === 'failed:404' ? 404 : state === 'failed:500' ? 500 : null,
    },
  } as unknown as Persisted
}

export type NavigationStoryState = 'loading' | 'ready' | 'failed'

/** The navigation lists loaded in a language (a client machine that only loads: resolved directly). */
export function navigationSnapshot(state: NavigationStoryState, lang: Locale): Persisted | undefined {
  if (state === 'loading') return undefined
  const snapshot = cmsNavigationMachine.resolveState({
    value: state,
    context: { lang, navigation: state === 'ready' ? storyNavigation(lang) : null },
  })
  return cmsNavigationMachine.getPersistedSnapshot(snapshot)
}

// ---------------------------------------------------------------------------------------------------------------
// What fake app actors take

export type ContentStoryOptions = {
  /** Default `ready`: the lists of the seed content in the story's language. */
  navigation?: NavigationStoryState
  /** The CMS page actor, already in a state for a page (otherwise the first CMS route starts it). */
  page?: { state: CmsPageStoryState; page: CmsPage }
  newsletterForm?: NewsletterStoryState
  contactForm?: ContactStoryState
}

export function contentSnapshots(options: ContentStoryOptions, lang: Locale): ContentSnapshots {
  const snapshots: ContentSnapshots = {}
  const navigation = navigationSnapshot(options.navigation ?? 'ready', lang)
  if (navigation) snapshots.navigation = navigation
  if (options.page) snapshots.page = cmsPageSnapshot(options.page.state, options.page.page)
  const newsletter = options.newsletterForm && newsletterSnapshot(options.newsletterForm)
  if (newsletter) snapshots.newsletterForm = newsletter
  const contact = options.contactForm && contactSnapshot(options.contactForm)
  if (contact) snapshots.contactForm = contact
  return snapshots
}
