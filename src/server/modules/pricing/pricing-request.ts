import { z } from 'zod'
import { PricingBatchRequestSchema, type PricingBatchRequest } from '#shared/contracts/pricing.contract.ts'

/**
 * The pricing request's parser for the hot path, with the contract's zod schema as the only description of a valid
 * request (issue 18: no second hand-written copy of the contract; decision 0141).
 *
 * The `params` array is about nine tenths of a body, and a configure view sends the same one again and again with
 * another scale, unit or quantity. The body parser (pricing-body.ts) gives back the same frozen array for the same
 * text once the contract's own `params` schema has accepted it (`shareValidParams`). A body whose params are such an
 * array is checked with the contract's schema with only `params` swapped for "is a shared array": the other fields
 * are zod's work as before, the array's is not repeated. Anything else goes through the whole schema, so every error
 * answer is the contract's (validation_failed with the schema's issues).
 */

type Params = PricingBatchRequest['params']

/** The contract's own schema of the `params` field. */
const ParamsSchema = PricingBatchRequestSchema.shape.params

/**
 * Params arrays the body parser shares between requests: checked once, frozen, and known here so neither the check
 * nor the service's resolution (pricing.service.ts) is repeated for them.
 */
const sharedParams = new WeakSet<readonly unknown[]>()

/** True for a params array the body parser shares (checked, frozen, the same object for the same text). */
export function isSharedParams(params: readonly unknown[]): boolean {
  return sharedParams.has(params)
}

/** Checks a parsed params array against the contract; a valid one is frozen (with its items) and remembered as shared. */
export function shareValidParams(params: unknown[]): boolean {
  if (!ParamsSchema.safeParse(params).success) return false
  for (const param of params) Object.freeze(param)
  sharedParams.add(Object.freeze(params))
  return true
}

/** The contract with `params` already checked: strict as the contract, every other field its own schema. */
const WithSharedParamsSchema = PricingBatchRequestSchema.extend({
  params: z.custom<Params>((value) => Array.isArray(value) && sharedParams.has(value)),
})

/** Parses a pricing request: the contract with shared params, else the whole contract (which throws the 400). */
export function parsePricingBatchRequest(body: unknown): PricingBatchRequest {
  const withShared = WithSharedParamsSchema.safeParse(body)
  if (withShared.success) return withShared.data
  return PricingBatchRequestSchema.parse(body)
}
