import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DomainInputError } from '#shared/domain/domain-input-error.ts'
import {
  assessPrintability,
  fitsBuildVolume,
  hasThinWalls,
  isTooSmall,
  PRINTABILITY_MESSAGE_SEVERITY,
  PRINTABILITY_MESSAGES,
  printabilityMessage,
  type PrintabilityInput,
} from '#shared/domain/printability.ts'

const printMode = { maxDimensionsMm: { x: 250, y: 200, z: 150 }, minFeatureSizeMm: 0.8 }

function input(overrides: Partial<PrintabilityInput> = {}): PrintabilityInput {
  return {
    dimensionsMm: { x: 40, y: 30, z: 20 },
    lengthFactor: 1,
    wallThickness: { binEdgesMm: [0, 1, 2, 5, null], areaMm2: [0, 10, 90, 0] },
    analysisPrintable: true,
    printMode,
    ...overrides,
  }
}

describe('too large', () => {
  it('lets a part fit in any axis-aligned orientation (axes may be swapped)', () => {
    expect(fitsBuildVolume({ x: 150, y: 250, z: 200 }, printMode.maxDimensionsMm)).toBe(true)
    expect(fitsBuildVolume({ x: 160, y: 160, z: 160 }, printMode.maxDimensionsMm)).toBe(false)
    expect(fitsBuildVolume({ x: 260, y: 10, z: 10 }, printMode.maxDimensionsMm)).toBe(false)
  })

  it('accepts a part exactly at the limit despite binary noise', () => {
    expect(fitsBuildVolume({ x: 250.00000000000003, y: 10, z: 10 }, printMode.maxDimensionsMm)).toBe(true)
  })

  it('agrees with trying all six orientations', () => {
    // On a 0.01 mm grid: the 1e-9 tolerance for binary noise must not decide the comparison here.
    const side = fc.integer({ min: 0, max: 30_000 }).map((hundredths) => hundredths / 100)
    fc.assert(
      fc.property(fc.tuple(side, side, side), fc.tuple(side, side, side), ([a, b, c], [p, q, r]) => {
        const max = { x: p, y: q, z: r }
        const orientations = [
          [a, b, c],
          [a, c, b],
          [b, a, c],
          [b, c, a],
          [c, a, b],
          [c, b, a],
        ]
        const bruteForce = orientations.some(([x = 0, y = 0, z = 0]) => x <= p && y <= q && z <= r)
        expect(fitsBuildVolume({ x: a, y: b, z: c }, max)).toBe(bruteForce)
      }),
    )
  })
})

describe('too small and thin walls', () => {
  it('is too small when any side is below the minimum feature size', () => {
    expect(isTooSmall({ x: 40, y: 0.5, z: 20 }, 0.8)).toBe(true)
    expect(isTooSmall({ x: 40, y: 0.8, z: 20 }, 0.8)).toBe(false)
  })

  it('sees walls thinner than the minimum feature size at this scale', () => {
    const histogram = { binEdgesMm: [0, 1, 2, 5, Infinity], areaMm2: [0, 10, 90, 40] }
    expect(hasThinWalls(histogram, 1, 0.8)).toBe(false)
    expect(hasThinWalls(histogram, 1, 1.5)).toBe(true) // the 1–2 bin straddles 1.5: warn
    expect(hasThinWalls(histogram, 0.5, 0.8)).toBe(true) // scaled down, the 1 mm walls become 0.5 mm
    expect(hasThinWalls(histogram, 2, 1.9)).toBe(false)
  })

  it('reads the open last bin as it comes from the analysis or from JSON', () => {
    expect(hasThinWalls({ binEdgesMm: [0, 100, null], areaMm2: [0, 5] }, 1, 0.8)).toBe(false)
    expect(hasThinWalls({ binEdgesMm: [0, 100, Infinity], areaMm2: [0, 5] }, 0.001, 0.8)).toBe(true)
  })

  it('rejects a malformed histogram', () => {
    expect(() => hasThinWalls({ binEdgesMm: [0, 1], areaMm2: [1, 2] }, 1, 1)).toThrow(DomainInputError)
    expect(() => hasThinWalls({ binEdgesMm: [2, 1], areaMm2: [1] }, 1, 1)).toThrow(DomainInputError)
    expect(() => hasThinWalls({ binEdgesMm: [0, null, 2], areaMm2: [1, 1] }, 1, 1)).toThrow(DomainInputError)
    expect(() => hasThinWalls({ binEdgesMm: [0, 1], areaMm2: [Number.NaN] }, 1, 1)).toThrow(DomainInputError)
  })
})

describe('assessPrintability', () => {
  it('is printable without complications', () => {
    expect(assessPrintability(input())).toEqual({
      printable: true,
      tooLarge: false,
      tooSmall: false,
      thinWalls: false,
      mightCauseProblems: false,
      status: 'printable',
    })
  })

  it('might cause problems when some walls are thin at this scale, which still allows ordering', () => {
    expect(assessPrintability(input({ lengthFactor: 0.5 }))).toMatchObject({
      printable: true,
      tooSmall: false,
      thinWalls: true,
      mightCauseProblems: true,
      status: 'might_cause_problems',
    })
  })

  it('cannot be ordered when the whole part is smaller than the minimum feature size (issue 14, item 6)', () => {
    // pr2_head_pan.stl in mm (0.25 × 0.32 × 0.14 mm) and a 20 mm cube at scale 0.02 (0.4 mm), PLA at 0.8 mm.
    for (const dimensionsMm of [
      { x: 0.25, y: 0.32, z: 0.14 },
      { x: 0.4, y: 0.4, z: 0.4 },
      { x: 40, y: 30, z: 0.5 },
    ]) {
      expect(assessPrintability(input({ dimensionsMm, lengthFactor: 0.02 }))).toEqual({
        printable: false,
        tooLarge: false,
        tooSmall: true,
        thinWalls: true,
        mightCauseProblems: false,
        status: 'too_small',
      })
    }
    expect(assessPrintability(input({ dimensionsMm: { x: 20, y: 20, z: 20 } })).status).toBe('printable')
  })

  it('says too large before too small, and too small before the print mode refusing it', () => {
    const long = { x: 400, y: 30, z: 0.1 }
    expect(assessPrintability(input({ dimensionsMm: long })).status).toBe('too_large')
    const tiny = { x: 0.1, y: 0.1, z: 0.1 }
    expect(assessPrintability(input({ dimensionsMm: tiny, printModeAccepts: false })).status).toBe(
      'too_small',
    )
  })

  it('cannot be ordered when too large, rejected by the print mode, or not printable at all', () => {
    expect(assessPrintability(input({ dimensionsMm: { x: 400, y: 30, z: 20 } }))).toMatchObject({
      printable: false,
      status: 'too_large',
    })
    expect(assessPrintability(input({ printModeAccepts: false }))).toMatchObject({
      printable: false,
      status: 'not_printable_for_print_mode',
    })
    expect(assessPrintability(input({ analysisPrintable: false }))).toMatchObject({
      printable: false,
      status: 'not_printable',
    })
  })

  it('treats a missing histogram as no thin-wall information', () => {
    expect(assessPrintability(input({ wallThickness: null })).thinWalls).toBe(false)
  })
})

describe('printabilityMessage', () => {
  const ok = assessPrintability(input())
  const large = assessPrintability(input({ dimensionsMm: { x: 400, y: 30, z: 20 } }))

  it('is indeterminate until there is a verdict', () => {
    expect(printabilityMessage(undefined, [])).toBe('indeterminate')
  })

  it('orders the states: not printable, too large for all, too large for this mode, …, printable', () => {
    expect(printabilityMessage({ status: 'not_printable' }, [large])).toBe('not_printable')
    expect(printabilityMessage(large, [large, large])).toBe('too_large_for_all_print_modes')
    expect(printabilityMessage(large, [large, ok])).toBe('too_large_for_print_mode')
    expect(printabilityMessage({ status: 'too_small' }, [ok])).toBe('too_small_for_print_mode')
    expect(printabilityMessage({ status: 'not_printable_for_print_mode' }, [ok])).toBe(
      'not_printable_for_print_mode',
    )
    expect(printabilityMessage({ status: 'might_cause_problems' }, [ok])).toBe('might_cause_problems')
    expect(printabilityMessage(ok, [ok])).toBe('printable')
  })

  it('has a severity for every message', () => {
    for (const message of PRINTABILITY_MESSAGES) expect(PRINTABILITY_MESSAGE_SEVERITY[message]).toBeDefined()
    expect(PRINTABILITY_MESSAGE_SEVERITY.too_large_for_all_print_modes).toBe('danger')
    expect(PRINTABILITY_MESSAGE_SEVERITY.might_cause_problems).toBe('warning')
  })
})
