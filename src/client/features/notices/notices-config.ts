import { WELCOME_DISCOUNT_PERCENT } from '#shared/domain/limits.ts'

/**
 * Which notices the shop shows (spec part 1 §2 "holiday-leave info message", part 2 §1 "Notices exist"), read once from
 * the build's `VITE_NOTICE_*` variables (docs/configuration.md, "Notices"). Flags accept on/off, true/false, yes/no
 * and 1/0; anything else keeps the default.
 */

/** The browsers the upload-difficulties notice can name. */
export const UPLOAD_NOTICE_BROWSERS = ['safari', 'firefox', 'chrome', 'edge'] as const
export type UploadNoticeBrowser = (typeof UPLOAD_NOTICE_BROWSERS)[number]

export type NoticesConfig = {
  /** The workshop is closed from `from` to `until` (ISO dates, inclusive); shown until `until` has passed. */
  holidayLeave: { from: string; until: string } | null
  /** The supplier change to one legal entity from 13 January 2025. */
  supplierChange: boolean
  /** The "your file is being repaired" notification during the analysis. */
  fileRepairing: boolean
  /** Uploads have difficulties in this browser: visitors using it see a notice on the home page. */
  uploadDifficulties: UploadNoticeBrowser | null
  /** The welcome notice opened by `#welcome-jomatik`. */
  welcome: boolean
  /** What the welcome notice says when its link gives no amount or code. */
  welcomeDefaults: { amount: number; code: string | null }
  /** The outdated-browser (IE 11) warning after the cookie choice. */
  outdatedBrowser: boolean
}

export const DEFAULT_NOTICES_CONFIG: NoticesConfig = {
  holidayLeave: null,
  supplierChange: false,
  fileRepairing: true,
  uploadDifficulties: null,
  welcome: true,
  welcomeDefaults: { amount: WELCOME_DISCOUNT_PERCENT, code: null },
  outdatedBrowser: true,
}

const ON = new Set(['on', 'true', 'yes', '1'])
const OFF = new Set(['off', 'false', 'no', '0'])
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
/** A voucher code as the shop accepts them (2 to 30 letters, digits and dashes). */
export const WELCOME_CODE_PATTERN = /^[A-Za-z0-9-]{2,30}$/

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

function flag(value: unknown, fallback: boolean): boolean {
  const word = text(value).toLowerCase()
  if (ON.has(word)) return true
  if (OFF.has(word)) return false
  return fallback
}

const isDate = (value: string): boolean => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))

/** `2026-12-23..2027-01-06`: both ends valid and in order, else off. */
function holidayRange(value: unknown): NoticesConfig['holidayLeave'] {
  const [from = '', until = ''] = text(value)
    .split('..')
    .map((part) => part.trim())
  return isDate(from) && isDate(until) && from <= until ? { from, until } : null
}

function browser(value: unknown): UploadNoticeBrowser | null {
  const word = text(value).toLowerCase()
  return (UPLOAD_NOTICE_BROWSERS as readonly string[]).includes(word) ? (word as UploadNoticeBrowser) : null
}

/** An integer percentage from 1 to 100, else null. */
export function discountPercent(value: unknown): number | null {
  const raw = typeof value === 'number' ? String(value) : text(value)
  if (!/^\d{1,3}$/.test(raw)) return null
  const percent = Number(raw)
  return percent >= 1 && percent <= 100 ? percent : null
}

/** The configuration from build variables (`import.meta.env`); unknown or missing values keep the defaults. */
export function readNoticesConfig(env: Readonly<Record<string, unknown>>): NoticesConfig {
  const code = text(env.VITE_NOTICE_WELCOME_CODE)
  return {
    holidayLeave: holidayRange(env.VITE_NOTICE_HOLIDAY_LEAVE),
    supplierChange: flag(env.VITE_NOTICE_SUPPLIER_CHANGE, DEFAULT_NOTICES_CONFIG.supplierChange),
    fileRepairing: flag(env.VITE_NOTICE_FILE_REPAIRING, DEFAULT_NOTICES_CONFIG.fileRepairing),
    uploadDifficulties: browser(env.VITE_NOTICE_UPLOAD_DIFFICULTIES),
    welcome: flag(env.VITE_NOTICE_WELCOME, DEFAULT_NOTICES_CONFIG.welcome),
    welcomeDefaults: {
      amount: discountPercent(env.VITE_NOTICE_WELCOME_AMOUNT) ?? WELCOME_DISCOUNT_PERCENT,
      code: WELCOME_CODE_PATTERN.test(code) ? code : null,
    },
    outdatedBrowser: flag(env.VITE_NOTICE_OUTDATED_BROWSER, DEFAULT_NOTICES_CONFIG.outdatedBrowser),
  }
}

/** This build's notices. */
export const noticesConfig: NoticesConfig = readNoticesConfig(import.meta.env)

/** True while the holiday notice is due: from now until the end of its last day. */
export function isHolidayNoticeDue(holiday: NoticesConfig['holidayLeave'], now: Date): boolean {
  if (!holiday) return false
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
  return today <= holiday.until
}

/** The browser family of a user agent, as the upload notice names them (Chromium-based Edge is not Chrome). */
export function browserFamilyOf(userAgent: string): UploadNoticeBrowser | null {
  if (/Edg\//.test(userAgent)) return 'edge'
  if (/Firefox\//.test(userAgent)) return 'firefox'
  if (/Chrome\/|Chromium\/|CriOS\//.test(userAgent)) return 'chrome'
  if (/Safari\//.test(userAgent)) return 'safari'
  return null
}
