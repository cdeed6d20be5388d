import type { PricingBatchResponse } from '#shared/contracts/pricing.contract.ts'

/** The contract's own serialiser of the answer (fast-json-stringify compiled from the response schema). */
export type ContractSerializer = (answer: PricingBatchResponse) => string

/**
 * The pricing answer's JSON text (decision 0144). `JSON.stringify`, not the contract's compiled serialiser: that one
 * writes each integer with `'' + n`, and V8 keeps the text of every number converted that way in its
 * number-to-string cache, a table of 16,384 entries in the old generation. A new configuration brings about forty
 * new prices, so the table turned over about once per young-generation collection and the strings in it were copied
 * by one collection and moved to the old generation by the next: 290 kB survived each scavenge and 300 B per request
 * were promoted, which old-generation collections then had to clear (issue 18). `JSON.stringify` writes digits into
 * its own buffer and returns one flat string.
 *
 * The service builds the answer with exactly the contract's fields, in its order. With `contract` given (tests and
 * development), every answer is also written by the contract's serialiser and must be the same text, so a field the
 * contract does not name, one out of order or a number it would write differently (a fractional cent) fails there
 * instead of reaching a client.
 */
export function answerJson(answer: PricingBatchResponse, contract?: ContractSerializer): string {
  const json = JSON.stringify(answer)
  if (contract !== undefined && contract(answer) !== json) {
    throw new Error(
      'pricing answer: its JSON differs from the contract serialiser’s (a field, its order or a value)',
    )
  }
  return json
}
