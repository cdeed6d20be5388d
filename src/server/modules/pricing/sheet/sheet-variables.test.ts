import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RESULT_CELLS, SHEET_VARIABLES } from '#server/modules/pricing/sheet/sheet-variables.ts'

const doc = readFileSync(new URL('../../../../../docs/pricing/variables.md', import.meta.url), 'utf8')

/** Table rows as trimmed cells, whatever padding the formatter chose. */
const rows = doc
  .split('\n')
  .filter((line) => line.trimStart().startsWith('|'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  )
const rowFor = (name: string): string[] | undefined => rows.find((cells) => cells[0] === `\`${name}\``)

describe('docs/pricing/variables.md', () => {
  it.each(SHEET_VARIABLES.map((variable) => [variable.name, variable.unit] as const))(
    'defines %s with its unit (%s)',
    (name, unit) => {
      const row = rowFor(name)
      expect(row, `no table row for ${name}`).toBeDefined()
      expect(row?.[1]).toBe(unit)
    },
  )

  it('defines every result cell', () => {
    for (const name of Object.values(RESULT_CELLS)) expect(rowFor(name), name).toBeDefined()
  })
})
