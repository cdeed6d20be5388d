/**
 * Limits, timings and business constants from the product spec (part 1 §9, part 2 §9), each defined once.
 * Durations are milliseconds, money integer euro cents, sizes bytes.
 */

// Upload and analysis (part 1 §5, §7, §9)
export const MAX_UPLOAD_BYTES = 100_000_000
export const ALLOWED_MODEL_EXTENSIONS = ['ply', 'stl', '3ds', '3mf', 'step', 'stp'] as const
export type ModelExtension = (typeof ALLOWED_MODEL_EXTENSIONS)[number]
/**
 * The model formats whose files carry their own unit of length (3MF, STEP): the analysis reads them into millimetres
 * and stores them with unit `mm`, the file's unit cannot be changed, and pricing reads them as millimetres.
 */
export const FORMATS_WITH_OWN_UNIT: ReadonlySet<string> = new Set(['3mf', 'step'])
export const TASK_POLL_INTERVAL_MS = 1_000
export const TASK_POLL_MAX_TRIES = 300
export const CREATE_NEW_UPLOAD_DELAY_MS = 500
export const DEMO_ANALYZING_DELAY_MS = 3_000

// Configuration (part 1 §5, §9)
export const UNITS_OF_LENGTH = ['mm', 'cm', 'inch'] as const
export type UnitOfLength = (typeof UNITS_OF_LENGTH)[number]
/**
 * Millimetres per unit of length. Here, in a module without imports, so the analysis child can read it without
 * loading the error codes and zod (decision 0132); `units.ts` re-exports it beside the conversions.
 */
export const MM_PER_UNIT = { mm: 1, cm: 10, inch: 25.4 } as const satisfies Record<UnitOfLength, number>
export const SCALE_SLIDER = { min: 0.1, max: 10, step: 0.1, throttleMs: 50 } as const
export const SCALE_FIELD = { min: 0.01, step: 0.01, decimals: 4 } as const
export const DIMENSION_FIELD = { min: 0, step: 0.01, decimals: 2 } as const
export const MIN_QUANTITY = 1
export const RANKING_SCALE = { min: 0, max: 8 } as const
export const PRICING_INVALID_DEBOUNCE_MS = 500
export const PRICE_LOADING_FLAG_CLEAR_MS = 500
export const NUMBER_INPUT_LOADING_FLASH_MS = 100
export const CHUNK_LOAD_TIMEOUT_MS = 120_000

// 3D preview (part 1 §9)
export const PREVIEW = {
  fov: 40,
  canvasPx: 400,
  heightPx: 400,
  defaultColor: '#eeeeee',
  edgeBrightnessThreshold: 125,
} as const

// Money and tax (part 1 §9, part 2 §9)
export const CURRENCY = 'EUR'
export const DEFAULT_TAX_RATE_PERCENT = 19
/** Part 2 §9: in the seller's country the country rate always applies; elsewhere see tax.ts. */
export const TAX_HOME_COUNTRY_CODE = 'DE'
export const MIN_ORDER_VALUE_GROSS_CENTS = 3_000
export const DEFAULT_SHIPPING_COUNTRY_CODE = 'DE'
export const FREE_SHIPPING_METHOD_NAME = 'Standard-Versand'
export const DEFAULT_TERMS_OF_PAYMENT_DAYS = 10
export const FIXED_PRODUCTION_TIME_DAYS = 5

// Forms (part 1 §5, part 2 §5)
export const NAME_MAX = 20
export const PHONE_MAX = 15
export const SUBJECT_MAX = 50
export const MESSAGE_MAX = 400
export const USERNAME = { min: 4, max: 20 } as const
export const PASSWORD = { min: 8, max: 20 } as const
export const VOUCHER_CODE = { min: 2, max: 30 } as const
export const POSTAL_LOOKUP_DELAY_MS = 500

// Notifications and timings (part 1 §8/§9, part 2 §4/§9)
export const NOTIFICATION_DEFAULT_MS = 10_000
export const VAT_ID_NOTICE_MS = 15_000
export const OUTDATED_BROWSER_WARNING_DELAY_MS = 2_000
export const OUTDATED_BROWSER_WARNING_DURATION_MS = 20_000
export const RESET_LINK_INTERVAL_MS = 24 * 60 * 60 * 1_000
/** How long the links of account mails stay valid (decision 0086): opt-in 7 days, reset and e-mail change 24 h. */
export const OPTIN_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1_000
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1_000
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1_000
/** A sign-in of an unconfirmed account resends the opt-in mail at most this often (issue 15). */
export const OPTIN_RESEND_INTERVAL_MS = 60 * 60 * 1_000
export const REDIRECT_AFTER_RESET_MS = 3_000
export const REGISTRATION_FORM_CLEAR_MS = 1_000
export const REDIRECT_AFTER_PASSWORD_CHANGE_MS = 3_000

// Layout (part 1 §9)
export const VIEWPORTS = {
  mobile: { max: 768 },
  tablet: { min: 769, max: 1023 },
  desktop: { min: 1024, max: 1215 },
  widescreen: { min: 1216, max: 1407 },
  fullhd: { min: 1408 },
} as const
export const STORY_NAV_STICKY_PX = { desktop: 178, desktopCompact: 112, mobile: 56 } as const

// Locales (part 1 §1, part 2 §9): German is the default and has no path prefix.
export const LOCALES = ['de', 'en', 'fr'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'de'
/** The language header value the API expects per locale (spec: DE or GB; FR for French). */
export const LANGUAGE_HEADER_VALUES = { de: 'DE', en: 'GB', fr: 'FR' } as const satisfies Record<
  Locale,
  string
>
export const API_KEY_HEADER = 'x-api-key'
export const LANGUAGE_HEADER = 'x-language'
export const DEFAULT_WHITE_LABEL = 'Standard'

// Notices (part 2 §1, §9)
/** The supplier change to one legal entity takes effect on this day (ISO date). */
export const SUPPLIER_CHANGE_DATE = '2025-01-13'
/** The welcome notice for customers of the former marketplace promises this discount unless its link says otherwise. */
export const WELCOME_DISCOUNT_PERCENT = 10
