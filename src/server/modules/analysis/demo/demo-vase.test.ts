import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { DEMO_VASE_FILE, demoVaseStl } from '#server/modules/analysis/demo/demo-vase.ts'

it('the committed demo model is what demo-vase.ts generates', () => {
  const committed = readFileSync(DEMO_VASE_FILE)
  expect(Buffer.from(demoVaseStl()).equals(committed)).toBe(true)
  // A binary STL by its size rule, small enough to ship in the repository.
  expect(committed.length).toBe(84 + 50 * committed.readUInt32LE(80))
  expect(committed.length).toBeLessThan(500_000)
})
