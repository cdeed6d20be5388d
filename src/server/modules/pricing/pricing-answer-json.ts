import type { ConfigurationPrice, PricingBatchResponse } from '#shared/contracts/pricing.contract.ts'
import { answerOf, type PricedBatch, type PricedLineIds } from '#server/modules/pricing/pricing.service.ts'

/**
 * The pricing answer's JSON, written from a priced batch (decision 0112, fourth round). The lines of one evaluation
 * group differ only in their three ids, which come first in a line, so each group's line is serialised once by the
 * contract's own serialiser and its text after the ids is repeated under every line's ids. The ids' text of a line
 * is kept per params array the body parser shares (the same configurations with another scale or quantity), so a
 * new configuration serialises a dozen group lines instead of 30 lines, and copies bytes for the rest.
 *
 * The bytes are those of the whole-answer serialiser: each group's text must start with the ids' text written
 * here, the frame around the lines is checked against the whole serialiser on the first answer, and with `checkAll`
 * (tests, development) on every answer. A mismatch (the contract changed its field order) makes the writer fall
 * back to the whole-answer serialiser for good, or throw with `checkAll`.
 */

/** The contract's serialisers: the whole answer's and those of its parts (the same JSON Schema, compiled alike). */
export interface PricingAnswerSerializers {
  answer(value: PricingBatchResponse): string
  line(value: ConfigurationPrice): string
  selected(value: PricingBatchResponse['printabilityForSelected']): string
  all(value: PricingBatchResponse['printabilityForAll']): string
}

export interface PricingAnswerWriter {
  /** The answer's JSON as UTF-8 bytes, exactly as `serializers.answer(answerOf(batch))` encodes. */
  write(batch: PricedBatch, serializers: PricingAnswerSerializers): Buffer
}

const OPEN = Buffer.from('{"prices":[')
const SELECTED = Buffer.from('],"printabilityForSelected":')
const ALL = Buffer.from(',"printabilityForAll":')
const CLOSE = Buffer.from('}')

/** The text of a line up to its first shared field: `{"printModeId":…,"surfaceFinishId":…,"printModeColorId":…,`. */
export function lineIdsText(ids: PricedLineIds): string {
  return `{"printModeId":${JSON.stringify(ids.printModeId)},"surfaceFinishId":${JSON.stringify(ids.surfaceFinishId)},"printModeColorId":${JSON.stringify(ids.printModeColorId)},`
}

/** The ids' text of every line of one params array; as bytes with the separating comma before every line but the first. */
interface LineHeads {
  readonly texts: readonly string[]
  readonly bytes: readonly Buffer[]
}

function lineHeadsOf(lines: readonly PricedLineIds[]): LineHeads {
  const texts = lines.map(lineIdsText)
  return { texts, bytes: texts.map((text, index) => Buffer.from(index === 0 ? text : `,${text}`)) }
}

export class PricingAnswerMismatchError extends Error {}

export function createPricingAnswerWriter(options: { checkAll?: boolean } = {}): PricingAnswerWriter {
  const checkAll = options.checkAll ?? false
  const heads = new WeakMap<readonly PricedLineIds[], LineHeads>()
  // undefined until the first answer was compared with the whole serialiser.
  let framed: boolean | undefined

  const whole = (batch: PricedBatch, serializers: PricingAnswerSerializers): Buffer =>
    Buffer.from(serializers.answer(answerOf(batch)))

  /** The group-wise bytes, or undefined when a group's text does not start with its ids' text. */
  function grouped(batch: PricedBatch, serializers: PricingAnswerSerializers): Buffer | undefined {
    const { lines, groupOf, groups } = batch
    let head = heads.get(lines)
    if (head === undefined) heads.set(lines, (head = lineHeadsOf(lines)))
    const tails: Buffer[] = []
    let length = OPEN.length + SELECTED.length + ALL.length + CLOSE.length
    for (let index = 0; index < lines.length; index++) {
      const number = groupOf[index]!
      let tail = tails[number]
      if (tail === undefined) {
        // Groups are numbered in the order of their first line, whose ids the group's line carries.
        const text = serializers.line(groups[number]!)
        const ids = head.texts[index]!
        if (!text.startsWith(ids)) return undefined
        tails[number] = tail = Buffer.from(text.slice(ids.length))
      }
      length += head.bytes[index]!.length + tail.length
    }
    const selected = Buffer.from(serializers.selected(batch.printabilityForSelected))
    const all = Buffer.from(serializers.all(batch.printabilityForAll))
    length += selected.length + all.length

    // One copy of each piece into the answer (Buffer.concat measured cheaper than writing the pieces one by one).
    const pieces: Buffer[] = [OPEN]
    for (let index = 0; index < lines.length; index++)
      pieces.push(head.bytes[index]!, tails[groupOf[index]!]!)
    pieces.push(SELECTED, selected, ALL, all, CLOSE)
    return Buffer.concat(pieces, length)
  }

  return {
    write(batch, serializers) {
      if (framed === false) return whole(batch, serializers)
      const bytes = grouped(batch, serializers)
      if (framed === true && !checkAll && bytes !== undefined) return bytes
      const expected = whole(batch, serializers)
      const same = bytes !== undefined && bytes.equals(expected)
      if (!same && checkAll)
        throw new PricingAnswerMismatchError(
          'the group-wise pricing answer differs from the contract serialiser',
        )
      framed = same
      return expected
    },
  }
}
