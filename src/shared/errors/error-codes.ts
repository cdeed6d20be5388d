import { z } from 'zod'

/**
 * The closed set of error codes the API answers with. Machines keep a code in context; only views turn it into
 * text (through Lingui). Add a code here and the status table below must name it, or typecheck fails.
 */
export const ErrorCode = {
  // generic
  NotFound: 'not_found',
  RouteNotFound: 'route_not_found',
  ValidationFailed: 'validation_failed',
  Unauthorized: 'unauthorized',
  Forbidden: 'forbidden',
  UnknownApiKey: 'unknown_api_key',
  Conflict: 'conflict',
  RateLimited: 'rate_limited',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RequestTimeout: 'request_timeout',
  ServiceUnavailable: 'service_unavailable',
  Internal: 'internal_error',
  // upload / analysis (spec part 1 §5, §8)
  FileTooLarge: 'file_too_large',
  UnsupportedFileType: 'unsupported_file_type',
  AnalysisFailed: 'analysis_failed',
  AnalysisTimeout: 'analysis_timeout',
  /** More than an analysis may hold in memory or the engine's limits allow (decision 0073). */
  AnalysisTooComplex: 'analysis_too_complex',
  // upload limits (decision 0077): the daily quota of a visitor or address, the disk-space floor
  UploadQuotaExceeded: 'upload_quota_exceeded',
  InsufficientStorage: 'insufficient_storage',
  // pricing / catalogue
  PricingFailed: 'pricing_failed',
  SheetInvalid: 'sheet_invalid',
  // sign-in (docs/decisions/0075-password-hashing-and-sign-in-throttle.md)
  SignInThrottled: 'sign_in_throttled',
  ServiceBusy: 'service_busy',
  // accounts (docs/decisions/0086-account-security.md)
  /** Signup with a username someone has (usernames are public, so this one conflict is told). */
  UsernameTaken: 'username_taken',
  /** An opt-in, reset or e-mail change link that is unknown, used or expired. */
  LinkInvalid: 'link_invalid',
  /** The old password of a password change is wrong (not 401: the session is fine). */
  WrongPassword: 'wrong_password',
  /** Too many signups, reset or e-mail change requests for one address or account. */
  AccountThrottled: 'account_throttled',
  // checkout and orders (issue 16)
  /** The totals differ from the client's expected total (details: the new amounts), or the cart changed meanwhile. */
  CartChanged: 'cart_changed',
  /** The cart has become an order: it answers 404 to reads and this to changes. */
  CartOrdered: 'cart_ordered',
  /** A placement of this cart or with this idempotency key is still running. */
  OrderInProgress: 'order_in_progress',
  /** An idempotency key reused with another body. */
  IdempotencyKeyReused: 'idempotency_key_reused',
  /** Unknown, inactive or not applicable voucher. */
  VoucherInvalid: 'voucher_invalid',
  VoucherLoginRequired: 'voucher_login_required',
  VoucherMaxUsage: 'voucher_max_usage',
  /** The item total is below the voucher's minimum (details: missingCents). */
  VoucherBelowMinValue: 'voucher_below_min_value',
  /** The payment method is not allowed for this customer or cart (part 2 §4). */
  PaymentMethodNotAllowed: 'payment_method_not_allowed',
  /** The payment provider failed or declined (nothing was charged twice). */
  PaymentFailed: 'payment_failed',
  // order back office (issue 17)
  /** A staff status change off ORDER_TRANSITIONS or against the payment rules (details.reason: the refusal). */
  StatusChangeRefused: 'status_change_refused',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

const errorCodeValues = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]
export const ErrorCodeSchema = z.enum(errorCodeValues)

/** One HTTP status per code: the only place the server picks a status for an error. */
export const errorStatus = {
  not_found: 404,
  route_not_found: 404,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  unknown_api_key: 401,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported_media_type: 415,
  request_timeout: 408,
  service_unavailable: 503,
  internal_error: 500,
  file_too_large: 413,
  unsupported_file_type: 415,
  analysis_failed: 422,
  analysis_timeout: 422,
  analysis_too_complex: 422,
  upload_quota_exceeded: 429,
  insufficient_storage: 507,
  pricing_failed: 422,
  sheet_invalid: 422,
  sign_in_throttled: 429,
  service_busy: 503,
  username_taken: 409,
  link_invalid: 410,
  wrong_password: 422,
  account_throttled: 429,
  cart_changed: 409,
  cart_ordered: 409,
  order_in_progress: 409,
  idempotency_key_reused: 422,
  voucher_invalid: 422,
  voucher_login_required: 422,
  voucher_max_usage: 422,
  voucher_below_min_value: 422,
  payment_method_not_allowed: 422,
  payment_failed: 502,
  status_change_refused: 422,
} as const satisfies Record<ErrorCode, number>

/** A field-level problem, for validation errors: path in the request and a machine-readable reason. */
export const ErrorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string().optional(),
})
export type ErrorIssue = z.infer<typeof ErrorIssueSchema>

/** The one JSON shape of every API error. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    status: z.number().int(),
    message: z.string(),
    issues: z.array(ErrorIssueSchema).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
})
export type ErrorBody = z.infer<typeof ErrorBodySchema>
