import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { MAX_UPLOAD_BYTES, TASK_POLL_MAX_TRIES } from '#shared/domain/limits.ts'

/**
 * The server's environment, validated once at start (docs/configuration.md lists every variable). Anything wrong
 * stops the start with one message naming each bad variable, instead of failing later at the first request.
 */

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''))

/**
 * The bare address of `Name <address>` (or the value itself). Mail recipients are bare addresses: the mail service
 * refuses anything else, so a display name in the inbox would drop every submission mail.
 */
export function mailAddressOf(value: string): string {
  const match = /<([^<>]*)>\s*$/.exec(value)
  return (match?.[1] ?? value).trim()
}

/** TRUST_PROXY as Fastify takes it: true/false, a hop count, or addresses/CIDRs (comma-separated). */
function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .join(',')
}

const positiveInt = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be between 0 and 65535')
      .max(65_535, 'must be between 0 and 65535')
      .default(3000),
    HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
    TRUST_PROXY: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .refine(
        (value) => !/^\d+$/.test(value) || Number(value) <= 10,
        'must be true, false, a number of proxy hops (at most 10) or a comma-separated list of proxy addresses',
      )
      .optional(),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    // Another client build than dist/client (e.g. one built with CLIENT_DIR=... npm run build next to a running one).
    CLIENT_DIR: z.string().min(1, 'must not be empty').optional(),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    PUBLIC_URL: httpUrl.optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z
      .string()
      .min(3, 'must be an address such as "Schichtwerk <shop@example.com>"')
      .refine((value) => !/[\r\n]/.test(value), 'must be one line')
      .default('Schichtwerk <shop@schichtwerk.local>'),
    CONTACT_INBOX: z
      .string()
      .refine((value) => !/[\r\n]/.test(value), 'must be one line')
      .refine(
        (value) => z.email().safeParse(mailAddressOf(value)).success,
        'must be an address such as "shop@example.com" or "Schichtwerk <shop@example.com>"',
      )
      .optional(),
    PAYPAL_CLIENT_ID: z.string().optional(),
    PAYPAL_CLIENT_SECRET: z.string().optional(),
    PAYPAL_API_BASE: httpUrl.default('https://api-m.sandbox.paypal.com'),
    // The id PayPal gave the shop's webhook: its deliveries are verified with PayPal against it.
    PAYPAL_WEBHOOK_ID: z.string().trim().min(1, 'must not be empty').optional(),
    // 1: a local provider that approves payments on a page of the shop (development, demos, e2e; never with PayPal).
    PAYMENT_TEST_PROVIDER: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
    // Prepaid orders show where to transfer the money (demo values until the operator sets them).
    BANK_ACCOUNT_HOLDER: z.string().trim().min(1).default('Schichtwerk Demo GmbH'),
    BANK_IBAN: z.string().trim().min(1).default('DE02 1203 0000 0000 2020 51'),
    BANK_BIC: z.string().trim().min(1).default('BYLADEM1001'),
    BANK_NAME: z.string().trim().min(1).default('Demo-Bank'),
    // Tests only (never honoured in production): kill the process right after an order's commit (decision 0094).
    TEST_FAULT: z.enum(['kill-after-order-commit']).optional(),
    CMS_URL: httpUrl.optional(),
    // The city suggestion's lookup service (decision 0099): unset or empty, the shop suggests no city and calls nobody.
    POSTAL_LOOKUP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .refine(
        (value) =>
          value === undefined || httpUrl.safeParse(value.replaceAll(/\{(country|code)\}/g, 'x')).success,
        'must be an http:// or https:// URL, with {country} and {code} where they go (https://api.zippopotam.us/{country}/{code})',
      ),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Uploads and their analysis (src/engine/README.md "Configuration"). UPLOADS_DIR is shared storage when
    // several servers use one PostgreSQL database; it defaults to DATA_DIR/uploads.
    UPLOADS_DIR: z.string().min(1, 'must not be empty').optional(),
    MAX_UPLOAD_BYTES: positiveInt.max(2_000_000_000, 'must be at most 2000000000').default(MAX_UPLOAD_BYTES),
    ANALYSIS_WORKERS: positiveInt.max(16, 'must be at most 16').optional(),
    ANALYSIS_TIMEOUT_MS: positiveInt.min(100, 'must be at least 100').default(180_000),
    ANALYSIS_WORKER_HEAP_MB: positiveInt.min(32, 'must be at least 32').default(512),
    ANALYSIS_LEASE_MS: positiveInt.min(500, 'must be at least 500').default(30_000),
    ANALYSIS_MAX_ATTEMPTS: positiveInt.max(20, 'must be at most 20').default(3),
    ANALYSIS_POLL_MS: positiveInt.min(10, 'must be at least 10').default(1_000),
    ANALYSIS_MAX_POLLS: positiveInt.max(86_400, 'must be at most 86400').default(TASK_POLL_MAX_TRIES),
    // Retention, upload quota and the disk-space floor (docs/decisions/0077-retention-quota-disk-floor.md).
    UPLOAD_RETENTION_DAYS: positiveInt.max(3650, 'must be at most 3650').default(30),
    CART_RETENTION_DAYS: positiveInt.max(3650, 'must be at most 3650').default(90),
    UPLOAD_QUOTA_FILES_PER_DAY: positiveInt.max(1_000_000, 'must be at most 1000000').default(200),
    UPLOAD_QUOTA_MB_PER_DAY: positiveInt.max(100_000_000, 'must be at most 100000000').default(2048),
    MIN_FREE_DISK_MB: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(1_000_000_000, 'must be at most 1000000000')
      .default(1024),
  })
  .superRefine((env, ctx) => {
    if ((env.PAYPAL_CLIENT_ID === undefined) !== (env.PAYPAL_CLIENT_SECRET === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.PAYPAL_CLIENT_ID === undefined ? 'PAYPAL_CLIENT_ID' : 'PAYPAL_CLIENT_SECRET'],
        message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
      })
    }
  })

export type Env = z.infer<typeof EnvSchema>

/** A start-up configuration problem; `message` is written for the person starting the server. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

function describeValue(raw: Record<string, string | undefined>, key: string): string {
  const value = raw[key]
  if (value === undefined) return 'unset'
  // Connection URLs carry passwords.
  if (/SECRET|_URL$/.test(key) && key !== 'PUBLIC_URL') return 'value hidden'
  return `got "${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`
}

/** Validates the raw environment; throws a ConfigError listing every invalid variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  // An empty variable (`PORT=` in a compose file) means "use the default", not "invalid".
  const present = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value.trim() !== ''),
  )
  const result = EnvSchema.safeParse(present)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '(environment)')
    return `  - ${key}: ${issue.message} (${describeValue(raw, key)})`
  })
  throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}\nSee docs/configuration.md.`)
}

export interface Config {
  nodeEnv: Env['NODE_ENV']
  isProduction: boolean
  port: number
  host: string
  /** Absolute path of DATA_DIR. */
  dataDir: string
  /** The built SPA; undefined: dist/client. */
  clientDir: string | undefined
  logLevel: Env['LOG_LEVEL']
  /**
   * Which reverse proxies may set X-Forwarded-For (Fastify `trustProxy`): the client address that rate limits and
   * stored submissions use comes from it. false by default, so a client cannot pick its own address.
   */
  trustProxy: boolean | number | string
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }
  /** The origin links in e-mails point to. */
  publicUrl: string
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string }
  /** A bare address (`shop@example.com`), without a display name. */
  contactInbox: string
  /** `webhookId` absent: PayPal's webhook is not configured and every delivery is refused. */
  paypal: { clientId: string; clientSecret: string; apiBase: string; webhookId?: string } | undefined
  /** PAYMENT_TEST_PROVIDER=1: the local test provider pays PayPal orders when PayPal is not configured. */
  paymentTestProvider: boolean
  /** Where prepaid orders transfer the money (BANK_*; demo defaults). */
  bankDetails: { accountHolder: string; iban: string; bic: string; bank: string }
  /** TEST_FAULT outside production: a fault the crash tests inject. */
  testFault: 'kill-after-order-commit' | undefined
  cmsUrl: string | undefined
  /** The postal-code service the server asks for a city (a URL template); undefined: no lookup. */
  postalLookupUrl: string | undefined
  sessionSecret: string
  /** Colour swatches and other images served under /api/thumbnails/. */
  thumbnailsDir: string
  analysis: AnalysisConfig
  storage: StorageConfig
}

/** What the shop keeps and for how long, and what it takes per day (decision 0077). */
export interface StorageConfig {
  /** Uploads no cart (or order) holds are removed this many days after the upload. */
  uploadRetentionDays: number
  /** Carts unchanged for this many days are abandoned: removed with their items and files. */
  cartRetentionDays: number
  /** Uploads (files, bytes) one visitor, and one address, may make in 24 hours. */
  quotaFilesPerDay: number
  quotaBytesPerDay: number
  /** Uploads are refused (507) while the uploads folder's file system has less free space than this. */
  minFreeDiskBytes: number
}

/** Uploads and the analysis task queue (src/engine/README.md, docs/decisions/0040-0041). */
export interface AnalysisConfig {
  /** Absolute path: uploads and their analysis results, one folder per model file. */
  uploadsDir: string
  maxUploadBytes: number
  /** Analysis worker processes of this process (default: the CPU cores, at most 4). */
  workers: number
  /** Wall-time bound of one analysis; the worker is terminated when it is exceeded. */
  timeoutMs: number
  /** JS heap bound of one analysis child process (--max-old-space-size), and the memory estimate's budget. */
  workerHeapMb: number
  /** A claimed task's lease; renewed every third of it while the analysis runs. */
  leaseMs: number
  maxAttempts: number
  /** How often an idle server looks for queued tasks (its own uploads wake it at once). */
  pollMs: number
  /** Task polls a client makes before it gives up on an analysis (sent with every upload answer, decision 0070). */
  maxPolls: number
}

/**
 * Reads SESSION_SECRET from DATA_DIR/session-secret, creating it with 256 random bits on the first start, so
 * sessions survive restarts without anyone having to invent a secret. Call it only while holding the data-dir lock.
 */
export function loadOrCreateSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret')
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim()
    if (secret.length >= 32) return secret
  }
  const secret = randomBytes(32).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

export function resolveDataDir(env: Pick<Env, 'DATA_DIR'>): string {
  return resolve(env.DATA_DIR)
}

/** Turns a validated environment into the server's configuration. Does no I/O except through `sessionSecret`. */
export function createConfig(env: Env, sessionSecret: () => string): Config {
  const dataDir = resolveDataDir(env)
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    logLevel: env.LOG_LEVEL,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    database:
      env.DATABASE_URL === undefined
        ? { kind: 'pglite', dataDir: join(dataDir, 'pgdata') }
        : { kind: 'postgres', url: env.DATABASE_URL },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    // Contact, bug-report, newsletter and VAT-ID submissions go to the shop's own inbox.
    contactInbox: mailAddressOf(env.CONTACT_INBOX ?? env.MAIL_FROM),
    paypal:
      env.PAYPAL_CLIENT_ID !== undefined && env.PAYPAL_CLIENT_SECRET !== undefined
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            apiBase: env.PAYPAL_API_BASE,
            ...(env.PAYPAL_WEBHOOK_ID === undefined ? {} : { webhookId: env.PAYPAL_WEBHOOK_ID }),
          }
        : undefined,
    paymentTestProvider: env.PAYMENT_TEST_PROVIDER === '1',
    bankDetails: {
      accountHolder: env.BANK_ACCOUNT_HOLDER,
      iban: env.BANK_IBAN,
      bic: env.BANK_BIC,
      bank: env.BANK_NAME,
    },
    clientDir: env.CLIENT_DIR === undefined ? undefined : resolve(env.CLIENT_DIR),
    testFault: env.NODE_ENV === 'production' ? undefined : env.TEST_FAULT,
    cmsUrl: env.CMS_URL,
    postalLookupUrl: env.POSTAL_LOOKUP_URL,
    sessionSecret: env.SESSION_SECRET ?? sessionSecret(),
    thumbnailsDir: join(dataDir, 'thumbnails'),
    analysis: {
      uploadsDir: resolve(env.UPLOADS_DIR ?? join(dataDir, 'uploads')),
      maxUploadBytes: env.MAX_UPLOAD_BYTES,
      workers: env.ANALYSIS_WORKERS ?? Math.max(1, Math.min(4, availableParallelism())),
      timeoutMs: env.ANALYSIS_TIMEOUT_MS,
      workerHeapMb: env.ANALYSIS_WORKER_HEAP_MB,
      leaseMs: env.ANALYSIS_LEASE_MS,
      maxAttempts: env.ANALYSIS_MAX_ATTEMPTS,
      pollMs: env.ANALYSIS_POLL_MS,
      maxPolls: env.ANALYSIS_MAX_POLLS,
    },
    storage: {
      uploadRetentionDays: env.UPLOAD_RETENTION_DAYS,
      cartRetentionDays: env.CART_RETENTION_DAYS,
      quotaFilesPerDay: env.UPLOAD_QUOTA_FILES_PER_DAY,
      quotaBytesPerDay: env.UPLOAD_QUOTA_MB_PER_DAY * 1_048_576,
      minFreeDiskBytes: env.MIN_FREE_DISK_MB * 1_048_576,
    },
  }
}
