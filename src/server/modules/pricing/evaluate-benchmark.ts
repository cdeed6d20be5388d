/**
 * Micro-benchmark of the pricing hot path: `npx tsx src/server/modules/pricing/evaluate-benchmark.ts`.
 * Prints configurations per second for a bare sheet evaluation and for a full priceConfiguration call, per default
 * sheet, after a warm-up. Numbers depend on the machine and its load; record both next to any figure you quote.
 */
import { performance } from 'node:perf_hooks'
import { priceConfiguration, type AnalysedProperties } from '#server/modules/pricing/price-configuration.ts'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import {
  DEFAULT_PRICE_SHEETS,
  DEFAULT_PRICING_TEST_PARAMETERS,
} from '#server/modules/pricing/sheet/default-sheets.ts'
import type { SheetInputs } from '#server/modules/pricing/sheet/sheet-variables.ts'

const ITERATIONS = Number(process.env.ITERATIONS ?? 1_000_000)

const analysed: AnalysedProperties = {
  dimensions: { x: 40, y: 30, z: 20 },
  internalVolume: 12_000,
  externalVolume: 24_000,
  surfaceArea: 6_200,
  minX: 20,
  maxX: 40,
  maxY: 30,
  wallThickness: { binEdgesMm: [0, 0.5, 1, 2, 5, 10, null], areaMm2: [0, 300, 2000, 2500, 1400, 0] },
  printable: true,
}

function measure(label: string, run: (index: number) => number): void {
  let sink = 0
  for (let index = 0; index < ITERATIONS / 10; index++) sink += run(index)
  const started = performance.now()
  for (let index = 0; index < ITERATIONS; index++) sink += run(index)
  const seconds = (performance.now() - started) / 1000
  const perSecond = ITERATIONS / seconds
  console.log(
    `${label.padEnd(34)} ${Math.round(perSecond).toLocaleString('en').padStart(12)} /s  ${((seconds / ITERATIONS) * 1e9).toFixed(0).padStart(6)} ns  (sink ${sink % 7})`,
  )
}

const started = performance.now()
const sheets = DEFAULT_PRICE_SHEETS.map((sheet) => ({
  key: sheet.printModeKey,
  compiled: compileSheet({ versionId: sheet.printModeKey, draft: sheet.draft }),
}))
console.log(
  `compiled ${sheets.length} sheets in ${(performance.now() - started).toFixed(1)} ms; ${ITERATIONS} iterations each`,
)

/** Prepared up front, so the loop measures the evaluation and not the building of input objects. */
const inputs: SheetInputs[] = Array.from({ length: 64 }, (_, index) => ({
  ...DEFAULT_PRICING_TEST_PARAMETERS,
  xMm: 40 + index,
  quantity: 1 + (index % 20),
  color: 1,
  finish: 1,
  options: undefined,
}))

for (const { key, compiled } of sheets) {
  measure(`${key}: sheet.evaluate`, (index) => compiled.evaluate(inputs[index & 63]!).netUnitCents)
  measure(
    `${key}: priceConfiguration`,
    (index) =>
      priceConfiguration({
        analysed,
        scale: 0.5 + (index % 20) / 10,
        unit: 'mm',
        quantity: 1 + (index % 20),
        printMode: { maxDimensionsMm: { x: 250, y: 210, z: 200 }, minFeatureSizeMm: 0.8 },
        color: { sheetVariable: 1 },
        finish: { sheetVariable: 1 },
        sheet: compiled,
        taxRatePercent: 19,
      }).totalLineCents,
  )
}
