import { describe, expect, it } from 'vitest'
import { changedSelection, printModeDefaults } from '#shared/domain/print-mode-defaults.ts'

interface Finish {
  id: string
  colours: string[]
}

const matt: Finish = { id: 'matt', colours: ['black', 'white'] }
const gloss: Finish = { id: 'gloss', colours: ['red'] }
const bare: Finish = { id: 'bare', colours: [] }
const firstColour =
  (withoutFinish: string[]) =>
  (finish: Finish | null): string | undefined =>
    finish === null ? withoutFinish[0] : finish.colours[0]

describe('printModeDefaults', () => {
  it('defaults to the first finish and that finish’s first colour', () => {
    expect(printModeDefaults([matt, gloss], firstColour(['blue']))).toEqual({ finish: matt, colour: 'black' })
  })

  it('defaults a print mode without finishes to its first colour', () => {
    expect(printModeDefaults([], firstColour(['blue', 'green']))).toEqual({ finish: null, colour: 'blue' })
  })

  it('defaults only the colour of a finish already chosen', () => {
    expect(printModeDefaults([matt, gloss], firstColour([]), gloss)).toEqual({ finish: gloss, colour: 'red' })
  })

  it('gives null where there is nothing to choose', () => {
    expect(printModeDefaults([], firstColour([]))).toEqual({ finish: null, colour: null })
    expect(printModeDefaults([bare], firstColour(['blue']))).toEqual({ finish: bare, colour: null })
  })
})

describe('changedSelection', () => {
  const current = { printModeId: 'mode-a', surfaceFinishId: 'matt', colorId: 'white' }

  it('keeps finish and colour when neither the mode nor the finish changes', () => {
    expect(changedSelection(current, {})).toEqual(current)
    expect(changedSelection(current, { printModeId: 'mode-a', surfaceFinishId: 'matt' })).toEqual(current)
  })

  it('drops finish and colour back to the defaults when the print mode changes', () => {
    expect(changedSelection(current, { printModeId: 'mode-b' })).toEqual({
      printModeId: 'mode-b',
      surfaceFinishId: null,
      colorId: null,
    })
  })

  it('drops the colour back to the default when the finish changes', () => {
    expect(changedSelection(current, { surfaceFinishId: 'gloss' })).toEqual({
      ...current,
      surfaceFinishId: 'gloss',
      colorId: null,
    })
  })

  it('keeps what the change names', () => {
    expect(changedSelection(current, { printModeId: 'mode-b', surfaceFinishId: 'x', colorId: 'y' })).toEqual({
      printModeId: 'mode-b',
      surfaceFinishId: 'x',
      colorId: 'y',
    })
    expect(changedSelection(current, { colorId: 'black' })).toEqual({ ...current, colorId: 'black' })
  })
})
