import { assign, fromPromise, setup } from 'xstate'
import { type LocalizedTextInput, type StaffResource } from '#shared/contracts/staff-catalogue.contract.ts'
import { type ErrorCode } from '#shared/errors/error-codes.ts'
import { errorCodeOf, httpStatusOf } from '#machines/api-call/api-error.ts'
import {
  bodyOf,
  type CatalogueItem,
  type Draft,
  draftIssues,
  draftOf,
  type DraftValue,
  type FieldIssues,
  placeIssues,
  type RawIssue,
} from './catalogue-draft.ts'
import { catalogueFields } from './catalogue-fields.ts'

export type Input = { resource: StaffResource; id: string | null }

/** An entity a `ref`/`refs` field can choose (archived ones stay listed, marked, so a saved choice shows). */
export type Choice = { id: string; name: string | LocalizedTextInput; archived: boolean }
export type Choices = Partial<Record<StaffResource, readonly Choice[]>>
/** What `loadForm` hands over: the entity (null for a new one) and the choices of its reference fields. */
export type LoadedForm = { item: CatalogueItem | null; choices: Choices }

/** What the last save came to; the view shows it above the form until the next one. */
export type Outcome =
  | { kind: 'saved' }
  | { kind: 'created' }
  /** The contract's rules (here or on the server) refused fields: the issues show at them. */
  | { kind: 'invalid' }
  /** 409: a unique value (a white label's key) is taken. */
  | { kind: 'conflict' }
  | { kind: 'failed'; error: ErrorCode }

export type Context = {
  resource: StaffResource
  /** The entity edited; null until a new one is created. */
  id: string | null
  item: CatalogueItem | null
  choices: Choices
  /** Everything typed; kept on every failed save. */
  draft: Draft
  /** Inputs changed since loading: their issues show while typing, the others after the first save attempt. */
  touched: readonly string[]
  attempted: boolean
  /** The server's issues of the last refused save; an input's issue goes when it changes. */
  serverIssues: FieldIssues
  outcome: Outcome | null
  /** Why loading failed. */
  error: ErrorCode | null
}

export type Event =
  { type: 'form.change'; key: string; value: DraftValue } | { type: 'form.submit' } | { type: 'form.reload' }

export const STAFF_CATALOGUE_FORM_TAGS = ['loading', 'load-failed', 'editing', 'saving'] as const
export type StaffCatalogueFormTag = (typeof STAFF_CATALOGUE_FORM_TAGS)[number]

/** Every input's issue as the form shows it: the rules' own (once touched or tried), then the server's. */
export function visibleIssues(context: Context): FieldIssues {
  const own = draftIssues(context.resource, context.draft, context.item)
  const shown: Record<string, FieldIssues[string]> = { ...context.serverIssues }
  for (const [key, issue] of Object.entries(own))
    if (context.attempted || context.touched.includes(key)) shown[key] = issue
  return shown
}

/** Create-only fields (a colour's print mode) are fixed once the entity exists. */
function isEditable(context: Context, key: string): boolean {
  const field = catalogueFields(context.resource).find(
    (candidate) => key === candidate.key || key.startsWith(`${candidate.key}.`),
  )
  return field !== undefined && (context.id === null || !field.createOnly)
}

/** The issues a refusal carried (400 or 422 with field paths), placed at the inputs. */
function refusalOf(context: Context, error: unknown): Pick<Context, 'outcome' | 'serverIssues'> {
  const status = httpStatusOf(error)
  if (status === 409) return { outcome: { kind: 'conflict' }, serverIssues: {} }
  const list =
    typeof error === 'object' && error !== null && 'issues' in error
      ? (error as { issues: unknown }).issues
      : undefined
  if ((status === 400 || status === 422) && Array.isArray(list) && list.length > 0)
    return {
      outcome: { kind: 'invalid' },
      serverIssues: placeIssues(context.resource, context.draft, list as RawIssue[]),
    }
  return { outcome: { kind: 'failed', error: errorCodeOf(error) }, serverIssues: {} }
}

/**
 * One form for every staff catalogue resource (issue 17 print-mode editor, decision 0108): loads the entity (or
 * starts a new one) with the choices of its reference fields, edits a draft whose fields and rules come from the
 * contract, saves only a draft the rules accept, and on a refusal shows the server's issues at the fields and keeps
 * everything typed. A created entity is edited on.
 */
export const staffCatalogueFormMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as Input,
    tags: {} as StaffCatalogueFormTag,
  },
  actors: {
    /** Client: `GET /api/staff/{resource}` (the entity) and the lists its reference fields choose from. */
    loadForm: fromPromise<LoadedForm, Input>(async () => {
      throw new Error('staffCatalogueForm: loadForm is not provided')
    }),
    /** Client: `POST /api/staff/{resource}` (id null) or `PATCH /api/staff/{resource}/{id}`; the saved entity. */
    saveItem: fromPromise<
      CatalogueItem,
      { resource: StaffResource; id: string | null; body: Record<string, unknown> }
    >(async () => {
      throw new Error('staffCatalogueForm: saveItem is not provided')
    }),
  },
  actions: {
    /** Client: the saved notification. */
    notifySaved: () => {},
    setLoaded: assign(({ context }, params: LoadedForm) => ({
      item: params.item,
      choices: params.choices,
      draft: draftOf(context.resource, params.item),
      touched: [],
      attempted: false,
      serverIssues: {},
      error: null,
    })),
    setLoadError: assign((_, params: { error: ErrorCode }) => ({ error: params.error })),
    change: assign(({ context }, params: { key: string; value: DraftValue }) => {
      const serverIssues = { ...context.serverIssues }
      delete serverIssues[params.key]
      return {
        draft: { ...context.draft, [params.key]: params.value },
        touched: context.touched.includes(params.key) ? context.touched : [...context.touched, params.key],
        serverIssues,
      }
    }),
    markAttempted: assign({ attempted: true, outcome: { kind: 'invalid' } }),
    setSaved: assign(({ context }, params: { item: CatalogueItem }) => ({
      id: params.item.id,
      item: params.item,
      draft: draftOf(context.resource, params.item),
      touched: [],
      attempted: false,
      serverIssues: {},
      outcome: context.id === null ? { kind: 'created' as const } : { kind: 'saved' as const },
    })),
    setRefused: assign(({ context }, params: { error: unknown }) => refusalOf(context, params.error)),
  },
  guards: {
    isValidDraft: ({ context }) =>
      Object.keys(draftIssues(context.resource, context.draft, context.item)).length === 0,
    isEditableKey: ({ context, event }) => event.type === 'form.change' && isEditable(context, event.key),
  },
}).createMachine({
  id: 'staffCatalogueForm',
  initial: 'loading',
  context: ({ input }) => ({
    resource: input.resource,
    id: input.id,
    item: null,
    choices: {},
    draft: draftOf(input.resource, null),
    touched: [],
    attempted: false,
    serverIssues: {},
    outcome: null,
    error: null,
  }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => ({ resource: context.resource, id: context.id }),
        onDone: { target: 'editing', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setLoadError', params: ({ event }) => ({ error: errorCodeOf(event.error) }) },
        },
      },
    },
    loadFailed: {
      tags: 'load-failed',
      on: { 'form.reload': 'loading' },
    },
    editing: {
      tags: 'editing',
      on: {
        'form.change': {
          guard: 'isEditableKey',
          actions: { type: 'change', params: ({ event }) => ({ key: event.key, value: event.value }) },
        },
        'form.submit': [{ guard: 'isValidDraft', target: 'saving' }, { actions: 'markAttempted' }],
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({
          resource: context.resource,
          id: context.id,
          body: bodyOf(
            context.resource,
            context.draft,
            context.item,
            context.id === null ? 'create' : 'update',
          ),
        }),
        onDone: {
          target: 'editing',
          actions: [{ type: 'setSaved', params: ({ event }) => ({ item: event.output }) }, 'notifySaved'],
        },
        onError: {
          target: 'editing',
          actions: { type: 'setRefused', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
