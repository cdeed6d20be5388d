import { MIN_QUANTITY, UNITS_OF_LENGTH } from '#shared/domain/limits.ts'
import { isId } from '#shared/contracts/common.contract.ts'
import {
  PRICING_BATCH_MAX_PARAMS,
  PricingBatchRequestSchema,
  type PricingBatchRequest,
} from '#shared/contracts/pricing.contract.ts'

/**
 * The pricing request's parser for the hot path: a hand-written check that accepts exactly what
 * PricingBatchRequestSchema accepts (property-tested against it in pricing-request.test.ts) and returns the body
 * itself, without zod's per-field work. Anything it does not accept goes through the zod schema, so every error
 * answer is the contract's (validation_failed with the schema's issues).
 */

const UNITS: ReadonlySet<unknown> = new Set(UNITS_OF_LENGTH)
const PARAM_KEYS: ReadonlySet<string> = new Set([
  'printModeId',
  'surfaceFinishId',
  'printModeColorId',
  'printModeColor',
])
const MAX_COLOR_NAME = 100

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isParam(value: unknown): boolean {
  if (!isRecord(value)) return false
  for (const key in value) if (!PARAM_KEYS.has(key)) return false
  if (!isId(value.printModeId)) return false
  if ('surfaceFinishId' in value && !isId(value.surfaceFinishId)) return false
  if ('printModeColorId' in value && !isId(value.printModeColorId)) return false
  if ('printModeColor' in value) {
    const name = value.printModeColor
    if (typeof name !== 'string' || name.length > MAX_COLOR_NAME) return false
  }
  return true
}

/**
 * Params arrays the body parser (pricing-body.ts) shares between requests: checked once, frozen, and known here so
 * neither the check below nor the service's resolution (pricing.service.ts) is repeated for them.
 */
const sharedParams = new WeakSet<readonly unknown[]>()

function isValidParams(params: unknown): params is unknown[] {
  if (!Array.isArray(params) || params.length < 1 || params.length > PRICING_BATCH_MAX_PARAMS) return false
  for (const param of params) if (!isParam(param)) return false
  return true
}

/** Checks a parsed params array; a valid one is frozen (with its items) and remembered as shared. */
export function shareValidParams(params: unknown[]): boolean {
  if (!isValidParams(params)) return false
  for (const param of params) Object.freeze(param)
  sharedParams.add(Object.freeze(params))
  return true
}

/** True for a params array the body parser shares (checked, frozen, the same object for the same text). */
export function isSharedParams(params: readonly unknown[]): boolean {
  return sharedParams.has(params)
}

/** True when `body` is a valid request as it stands (JSON cannot hold undefined, so no key is ever undefined). */
export function isValidPricingBatchRequest(body: unknown): body is PricingBatchRequest {
  if (!isRecord(body)) return false
  let keys = 0
  for (const key in body) {
    keys++
    if (
      key !== 'objectId' &&
      key !== 'objectScale' &&
      key !== 'objectUnitLength' &&
      key !== 'objectQuantity' &&
      key !== 'params'
    )
      return false
  }
  if (keys !== 5) return false
  const { objectScale, objectQuantity, params } = body
  if (!isId(body.objectId)) return false
  if (typeof objectScale !== 'number' || !Number.isFinite(objectScale) || objectScale <= 0) return false
  if (!UNITS.has(body.objectUnitLength)) return false
  if (
    typeof objectQuantity !== 'number' ||
    !Number.isSafeInteger(objectQuantity) ||
    objectQuantity < MIN_QUANTITY
  )
    return false
  return (Array.isArray(params) && sharedParams.has(params)) || isValidParams(params)
}

/** Parses a pricing request: the fast check, else the contract's zod schema (which throws the 400). */
export function parsePricingBatchRequest(body: unknown): PricingBatchRequest {
  if (isValidPricingBatchRequest(body)) return body
  return PricingBatchRequestSchema.parse(body)
}
