import { z } from 'zod'
import { RANKING_SCALE } from '#shared/domain/limits.ts'
import { IdSchema } from '#shared/contracts/common.contract.ts'
import { HexColorSchema, RANKING_LABELS } from '#shared/contracts/print-modes.contract.ts'

/**
 * The staff repository API for the catalogue (spec part 2 §2 print-mode editor, §3 print mode fields): create,
 * update, archive and restore print modes, materials, methods, surface finishes, colours, processing steps and
 * white labels. Nothing an order may refer to is ever deleted: archiving hides it from customers and new
 * selections. Every route needs a staff session; texts come in all languages (German required).
 * Request bodies are strict: an unknown field is a 400.
 */
export const STAFF_BASE_PATH = '/api/staff'

export const STAFF_RESOURCES = [
  'white-labels',
  'materials',
  'methods',
  'surface-finishes',
  'colors',
  'processing-steps',
  'print-modes',
] as const
export type StaffResource = (typeof STAFF_RESOURCES)[number]

export const staffPaths = {
  list: (resource: StaffResource) => `${STAFF_BASE_PATH}/${resource}`,
  one: (resource: StaffResource, id: string) => `${STAFF_BASE_PATH}/${resource}/${encodeURIComponent(id)}`,
  archive: (resource: StaffResource, id: string) =>
    `${STAFF_BASE_PATH}/${resource}/${encodeURIComponent(id)}/archive`,
  restore: (resource: StaffResource, id: string) =>
    `${STAFF_BASE_PATH}/${resource}/${encodeURIComponent(id)}/restore`,
} as const

/** A text in every shop language; German is required, the others fall back to it. */
export const LocalizedTextSchema = z.strictObject({
  de: z.string().trim().min(1).max(5_000),
  en: z.string().trim().min(1).max(5_000).optional(),
  fr: z.string().trim().min(1).max(5_000).optional(),
})
export type LocalizedTextInput = z.infer<typeof LocalizedTextSchema>

/** A spreadsheet variable: the number a price sheet reads as `color` or `finish` (docs/pricing/variables.md). */
export const SpreadsheetVariableSchema = z.number().min(-1_000_000).max(1_000_000)
const sortOrder = z.number().int().min(-1_000_000).max(1_000_000)
const millimetres = z.number().positive().max(100_000)
const archived = z.boolean()

// ---------------------------------------------------------------------------------------------------------------
// White labels

export const StaffWhiteLabelSchema = z.object({
  id: IdSchema,
  name: z.string(),
  apiKey: z.string(),
  isDefault: z.boolean(),
  archived,
})
export type StaffWhiteLabel = z.infer<typeof StaffWhiteLabelSchema>

/** The key a white label's shop sends in the API key header; public, it only selects the catalogue. */
export const ApiKeySchema = z
  .string()
  .min(8)
  .max(200)
  .regex(/^[A-Za-z0-9._~-]+$/, 'Letters, digits and . _ ~ - only')

export const CreateWhiteLabelSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  apiKey: ApiKeySchema,
})
export const UpdateWhiteLabelSchema = CreateWhiteLabelSchema.partial()

// ---------------------------------------------------------------------------------------------------------------
// Materials and methods

export const StaffNamedSchema = z.object({ id: IdSchema, name: LocalizedTextSchema, archived })
export type StaffNamed = z.infer<typeof StaffNamedSchema>
export const CreateNamedSchema = z.strictObject({ name: LocalizedTextSchema })
export const UpdateNamedSchema = CreateNamedSchema.partial()

// ---------------------------------------------------------------------------------------------------------------
// Surface finishes

export const StaffSurfaceFinishSchema = z.object({
  id: IdSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  spreadsheetVariable: SpreadsheetVariableSchema,
  sortOrder: z.number().int(),
  archived,
})
export type StaffSurfaceFinish = z.infer<typeof StaffSurfaceFinishSchema>
export const CreateSurfaceFinishSchema = z.strictObject({
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  spreadsheetVariable: SpreadsheetVariableSchema.default(1),
  sortOrder: sortOrder.default(0),
})
export const UpdateSurfaceFinishSchema = z.strictObject({
  name: LocalizedTextSchema.optional(),
  description: LocalizedTextSchema.optional(),
  spreadsheetVariable: SpreadsheetVariableSchema.optional(),
  sortOrder: sortOrder.optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Colours (each belongs to one print mode)

/** A file under the thumbnails folder (served at THUMBNAILS_PATH); omitted means a generated swatch. */
export const ThumbnailPathSchema = z
  .string()
  .max(200)
  .regex(
    /^(?:[a-z0-9_-]+\/)*[a-z0-9_-]+\.(?:svg|png|jpg|jpeg|webp)$/i,
    'A relative path such as colors/red.svg',
  )

export const StaffColorSchema = z.object({
  id: IdSchema,
  printModeId: IdSchema,
  name: LocalizedTextSchema,
  hex: HexColorSchema,
  thumbnailPath: z.string(),
  hue: z.number().int().min(0).max(359),
  spreadsheetVariable: SpreadsheetVariableSchema,
  surfaceFinishIds: z.array(IdSchema),
  sortOrder: z.number().int(),
  archived,
})
export type StaffColor = z.infer<typeof StaffColorSchema>
export const CreateColorSchema = z.strictObject({
  printModeId: IdSchema,
  name: LocalizedTextSchema,
  hex: HexColorSchema,
  /** Defaults to the hue of `hex`. */
  hue: z.number().int().min(0).max(359).optional(),
  thumbnailPath: ThumbnailPathSchema.optional(),
  spreadsheetVariable: SpreadsheetVariableSchema.default(1),
  surfaceFinishIds: z.array(IdSchema).max(50).default([]),
  sortOrder: sortOrder.default(0),
})
export const UpdateColorSchema = z.strictObject({
  name: LocalizedTextSchema.optional(),
  hex: HexColorSchema.optional(),
  hue: z.number().int().min(0).max(359).optional(),
  thumbnailPath: ThumbnailPathSchema.optional(),
  spreadsheetVariable: SpreadsheetVariableSchema.optional(),
  surfaceFinishIds: z.array(IdSchema).max(50).optional(),
  sortOrder: sortOrder.optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Processing steps

export const StaffProcessingStepSchema = z.object({
  id: IdSchema,
  name: LocalizedTextSchema,
  sortOrder: z.number().int(),
  options: z.array(z.object({ id: IdSchema, name: LocalizedTextSchema, archived })),
  archived,
})
export type StaffProcessingStep = z.infer<typeof StaffProcessingStepSchema>
const OptionInputSchema = z.strictObject({ id: IdSchema.optional(), name: LocalizedTextSchema })
export const CreateProcessingStepSchema = z.strictObject({
  name: LocalizedTextSchema,
  sortOrder: sortOrder.default(0),
  options: z
    .array(OptionInputSchema.omit({ id: true }))
    .min(1)
    .max(100),
})
/** `options` lists the step's options in order: with an id an existing one, without a new one; omitted ones are archived. */
export const UpdateProcessingStepSchema = z.strictObject({
  name: LocalizedTextSchema.optional(),
  sortOrder: sortOrder.optional(),
  options: z.array(OptionInputSchema).min(1).max(100).optional(),
})

// ---------------------------------------------------------------------------------------------------------------
// Print modes

export const StaffRankingSchema = z.strictObject(
  Object.fromEntries(
    RANKING_LABELS.map((label) => [label, z.number().int().min(RANKING_SCALE.min).max(RANKING_SCALE.max)]),
  ) as Record<(typeof RANKING_LABELS)[number], z.ZodNumber>,
)

/** The print-mode editor's pricing test parameters (part 2 §3), mm / mm² / mm³. */
export const PricingTestParametersSchema = z.strictObject({
  xMm: z.number().min(0).max(100_000),
  yMm: z.number().min(0).max(100_000),
  zMm: z.number().min(0).max(100_000),
  internalVolumeMm3: z.number().min(0).max(1e15),
  externalVolumeMm3: z.number().min(0).max(1e15),
  surfaceAreaMm2: z.number().min(0).max(1e12),
  minXMm: z.number().min(0).max(100_000),
  maxXMm: z.number().min(0).max(100_000),
  maxYMm: z.number().min(0).max(100_000),
})
export type PricingTestParametersInput = z.infer<typeof PricingTestParametersSchema>

const printModeFields = {
  materialId: IdSchema,
  methodId: IdSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema,
  surfaceQuality: LocalizedTextSchema,
  applications: LocalizedTextSchema,
  maxDimensions: z.strictObject({ x: millimetres, y: millimetres, z: millimetres }),
  minFeatureSize: millimetres,
  resolutionXY: millimetres,
  resolutionZ: millimetres,
  ranking: StaffRankingSchema,
  sortOrder,
  /** Inactive print modes are hidden from customers but not archived. */
  isActive: z.boolean(),
  whiteLabelIds: z.array(IdSchema).max(100),
  /** In display order; the first is the default (spec part 1 §4). */
  surfaceFinishIds: z.array(IdSchema).max(50),
  processingStepIds: z.array(IdSchema).max(50),
  pricingTestParameters: PricingTestParametersSchema,
}

export const StaffPrintModeSchema = z.object({
  id: IdSchema,
  ...printModeFields,
  ranking: z.object(StaffRankingSchema.shape),
  maxDimensions: z.object({ x: millimetres, y: millimetres, z: millimetres }),
  pricingTestParameters: z.object(PricingTestParametersSchema.shape),
  name: z.object(LocalizedTextSchema.shape),
  description: z.object(LocalizedTextSchema.shape),
  surfaceQuality: z.object(LocalizedTextSchema.shape),
  applications: z.object(LocalizedTextSchema.shape),
  sortOrder: z.number().int(),
  archived,
  /** The current price sheet version for the default white label; null until one is saved. */
  currentSheetVersionId: IdSchema.nullable(),
})
export type StaffPrintMode = z.infer<typeof StaffPrintModeSchema>

export const CreatePrintModeSchema = z.strictObject({
  ...printModeFields,
  sortOrder: sortOrder.default(0),
  isActive: z.boolean().default(true),
  processingStepIds: z.array(IdSchema).max(50).default([]),
  pricingTestParameters: PricingTestParametersSchema.optional(),
})
export type CreatePrintMode = z.infer<typeof CreatePrintModeSchema>
export const UpdatePrintModeSchema = z.strictObject(printModeFields).partial()
export type UpdatePrintMode = z.infer<typeof UpdatePrintModeSchema>

export const StaffIdParamsSchema = z.strictObject({ id: IdSchema })

// ---------------------------------------------------------------------------------------------------------------
// Answers: a list under the resource's plural, one entry under its singular name

export const StaffWhiteLabelListSchema = z.object({ whiteLabels: z.array(StaffWhiteLabelSchema) })
export const StaffWhiteLabelResponseSchema = z.object({ whiteLabel: StaffWhiteLabelSchema })
export const StaffMaterialListSchema = z.object({ materials: z.array(StaffNamedSchema) })
export const StaffMaterialResponseSchema = z.object({ material: StaffNamedSchema })
export const StaffMethodListSchema = z.object({ methods: z.array(StaffNamedSchema) })
export const StaffMethodResponseSchema = z.object({ method: StaffNamedSchema })
export const StaffSurfaceFinishListSchema = z.object({ surfaceFinishes: z.array(StaffSurfaceFinishSchema) })
export const StaffSurfaceFinishResponseSchema = z.object({ surfaceFinish: StaffSurfaceFinishSchema })
export const StaffColorListSchema = z.object({ colors: z.array(StaffColorSchema) })
export const StaffColorResponseSchema = z.object({ color: StaffColorSchema })
export const StaffProcessingStepListSchema = z.object({ processingSteps: z.array(StaffProcessingStepSchema) })
export const StaffProcessingStepResponseSchema = z.object({ processingStep: StaffProcessingStepSchema })
export const StaffPrintModeListSchema = z.object({ printModes: z.array(StaffPrintModeSchema) })
export const StaffPrintModeResponseSchema = z.object({ printMode: StaffPrintModeSchema })

export interface StaffResourceContract {
  readonly list: z.ZodType
  readonly one: z.ZodType
  readonly create: z.ZodType
  readonly update: z.ZodType
}

/**
 * Each staff resource's contracts: its list and single answers and its create and update bodies (the routes and the
 * API route table read them here, so a resource's shapes are named once).
 */
export const STAFF_RESOURCE_CONTRACTS = {
  'white-labels': {
    list: StaffWhiteLabelListSchema,
    one: StaffWhiteLabelResponseSchema,
    create: CreateWhiteLabelSchema,
    update: UpdateWhiteLabelSchema,
  },
  materials: {
    list: StaffMaterialListSchema,
    one: StaffMaterialResponseSchema,
    create: CreateNamedSchema,
    update: UpdateNamedSchema,
  },
  methods: {
    list: StaffMethodListSchema,
    one: StaffMethodResponseSchema,
    create: CreateNamedSchema,
    update: UpdateNamedSchema,
  },
  'surface-finishes': {
    list: StaffSurfaceFinishListSchema,
    one: StaffSurfaceFinishResponseSchema,
    create: CreateSurfaceFinishSchema,
    update: UpdateSurfaceFinishSchema,
  },
  colors: {
    list: StaffColorListSchema,
    one: StaffColorResponseSchema,
    create: CreateColorSchema,
    update: UpdateColorSchema,
  },
  'processing-steps': {
    list: StaffProcessingStepListSchema,
    one: StaffProcessingStepResponseSchema,
    create: CreateProcessingStepSchema,
    update: UpdateProcessingStepSchema,
  },
  'print-modes': {
    list: StaffPrintModeListSchema,
    one: StaffPrintModeResponseSchema,
    create: CreatePrintModeSchema,
    update: UpdatePrintModeSchema,
  },
} as const satisfies Record<StaffResource, StaffResourceContract>

// ---------------------------------------------------------------------------------------------------------------
// Colour thumbnails and white-label API keys (issue 17, docs/decisions/0106-color-thumbnails-and-white-label-api-keys.md)

/** An uploaded colour thumbnail: PNG, JPEG or WebP by content, at most this many bytes and pixels a side. */
export const COLOR_THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024
export const COLOR_THUMBNAIL_MAX_PIXELS = 2048
export const COLOR_THUMBNAIL_TYPES = ['png', 'jpeg', 'webp'] as const

/** How long a rotated API key keeps working next to its successor, so a white label can redeploy without downtime. */
export const API_KEY_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000

export const staffColorThumbnailPath = (colorId: string) =>
  `${STAFF_BASE_PATH}/colors/${encodeURIComponent(colorId)}/thumbnail`

export const staffApiKeyPaths = {
  list: (whiteLabelId: string) =>
    `${STAFF_BASE_PATH}/white-labels/${encodeURIComponent(whiteLabelId)}/api-keys`,
  one: (whiteLabelId: string, keyId: string) =>
    `${staffApiKeyPaths.list(whiteLabelId)}/${encodeURIComponent(keyId)}`,
  rotate: (whiteLabelId: string, keyId: string) => `${staffApiKeyPaths.one(whiteLabelId, keyId)}/rotate`,
} as const

export const StaffApiKeyParamsSchema = z.strictObject({ id: IdSchema, keyId: IdSchema })

/** A key as listed: never the key itself, only its last four characters. */
export const StaffApiKeySchema = z.object({
  id: IdSchema,
  label: z.string(),
  lastFour: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Set by a rotation: the key stops working at this time. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  revoked: z.boolean(),
  /** Neither revoked nor past its expiry. */
  active: z.boolean(),
})
export type StaffApiKey = z.infer<typeof StaffApiKeySchema>

export const CreateApiKeySchema = z.strictObject({
  label: z.string().trim().min(1).max(100).default('API key'),
})

export const StaffApiKeyListSchema = z.object({ apiKeys: z.array(StaffApiKeySchema) })
/** The answer of create and rotate: the only time the key is shown. */
export const StaffApiKeyCreatedSchema = z.object({ apiKey: StaffApiKeySchema, key: z.string() })

/** The upload form of a colour thumbnail. */
export const ColorThumbnailUploadSchema = z.object({ file: z.file() })
