import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { EvaluateSheetRequest, EvaluateSheetResponse } from '#shared/contracts/staff-sheet.contract.ts'
import {
  cleanEvaluation,
  currentSheet,
  emptySheetEvaluation,
  failedEvaluation,
  loadedSheet,
  NEW_PRINT_MODE_ID,
  noSheet,
  PRINT_MODE_ID,
  replayResult,
  sheetSources,
  sheetVersions,
  versionDiff,
} from './staff-sheet-editor.fixtures.ts'
import { pickerUploads } from './upload-picker.fixtures.ts'
import { issuesByCell, type LoadedSheet, staffSheetEditorMachine } from './staff-sheet-editor.machine.ts'

const start = (
  evaluate: (request: EvaluateSheetRequest) => EvaluateSheetResponse = () => cleanEvaluation,
  first: LoadedSheet = loadedSheet,
) => {
  const requests: EvaluateSheetRequest[] = []
  const published: unknown[] = []
  const copied: string[] = []
  const notifyPublished = vi.fn()
  const actor = createActor(
    staffSheetEditorMachine.provide({
      actors: {
        // The first load answers `first`; after a publish the sheet has its versions.
        loadSheet: fromPromise(async () => (published.length === 0 ? first : loadedSheet)),
        loadSheetSources: fromPromise(async () => sheetSources),
        loadSourceSheet: fromPromise(async ({ input }) => {
          copied.push(input.versionId)
          return currentSheet
        }),
        evaluateSheet: fromPromise(async ({ input }) => {
          requests.push(input.request)
          return evaluate(input.request)
        }),
        publishSheet: fromPromise(async ({ input }) => {
          published.push(input.cells)
          return loadedSheet
        }),
        replaySheet: fromPromise(async () => replayResult),
        diffVersions: fromPromise(async () => versionDiff),
        restoreVersion: fromPromise<unknown, { versionId: string }>(async () => ({})),
      },
      actions: { notifyPublished },
      delays: { evaluateDelay: 5 },
    }),
    { input: { printModeId: first === noSheet ? NEW_PRINT_MODE_ID : PRINT_MODE_ID } },
  ).start()
  return { actor, requests, published, copied, notifyPublished }
}

type Actor = ReturnType<typeof start>['actor']
const evaluated = (actor: Actor) =>
  waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }) && snapshot.context.evaluation !== null)

describe('staffSheetEditorMachine', () => {
  it('loads the current version into the grid and evaluates it at once', async () => {
    const { actor, requests } = start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    await evaluated(actor)
    expect(actor.getSnapshot().context.cells.map((cell) => cell.name)).toEqual([
      'material_eur',
      'unit_net_price_eur',
      'production_days',
    ])
    expect(requests).toHaveLength(1)
    expect(requests[0]).not.toHaveProperty('objectId')
  })

  it('evaluates an edit after a pause in typing, shows the error at its cell and refuses to publish it', async () => {
    const { actor, requests } = start((request) =>
      String(request.cells[0]?.formula).includes('volum ') ? failedEvaluation : cleanEvaluation,
    )
    await evaluated(actor)
    actor.send({ type: 'sheet.editCell', index: 0, name: 'material_eur', formula: '=volum * 2' })
    actor.send({ type: 'sheet.editCell', index: 0, name: 'material_eur', formula: '=volum * 3' })
    expect(actor.getSnapshot().hasTag('evaluating')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.context.evaluation === failedEvaluation)
    // Two keystrokes, one evaluation after the pause.
    expect(requests).toHaveLength(2)
    expect(issuesByCell(actor.getSnapshot().context).get('material_eur')).toBe('unknown_name')
    expect(actor.getSnapshot().can({ type: 'sheet.publish' })).toBe(false)
  })

  it('publishes a clean draft as a new version and evaluates again', async () => {
    const { actor, published, notifyPublished } = start()
    await evaluated(actor)
    actor.send({ type: 'sheet.editCell', index: 2, name: 'production_days', formula: '4' })
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }))
    actor.send({ type: 'sheet.publish' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await waitFor(actor, (snapshot) => snapshot.matches({ editing: 'idle' }))
    expect(published[0]).toContainEqual({ name: 'production_days', formula: 4 })
    expect(notifyPublished).toHaveBeenCalledOnce()
  })

  it('evaluates with a picked object, whose measures stay editable by hand', async () => {
    const { actor, requests } = start()
    await evaluated(actor)
    const [picked] = pickerUploads
    actor.send({ type: 'sheet.pickObject', object: picked! })
    await waitFor(actor, () => requests.length === 2)
    expect(requests[1]).toEqual(
      expect.objectContaining({ objectId: picked!.id, testParameters: picked!.measures }),
    )
    expect(actor.getSnapshot().context.object).toEqual({ id: picked!.id, name: picked!.name })

    // A hand edit starts from the object's measures and no longer names the object.
    actor.send({
      type: 'sheet.setTestParameters',
      testParameters: { ...picked!.measures, zMm: 40 },
    })
    await waitFor(actor, () => requests.length === 3)
    expect(requests[2]).not.toHaveProperty('objectId')
    expect(requests[2]?.testParameters).toEqual({ ...picked!.measures, zMm: 40 })
    expect(actor.getSnapshot().context.object).toBeNull()
  })

  it('replays the draft and keeps the result', async () => {
    const { actor } = start()
    await evaluated(actor)
    actor.send({ type: 'sheet.replay' })
    await waitFor(actor, (snapshot) => snapshot.context.replay !== null)
    expect(actor.getSnapshot().context.replay?.changed).toBe(31)
  })

  it('compares two versions (never one with itself) and restores an old one by loading again', async () => {
    const { actor, notifyPublished } = start()
    await evaluated(actor)
    actor.send({ type: 'sheet.openHistory' })
    const [newest, oldest] = sheetVersions
    expect(
      actor.getSnapshot().can({ type: 'sheet.compare', versionId: newest!.id, againstId: newest!.id }),
    ).toBe(false)
    actor.send({ type: 'sheet.compare', versionId: newest!.id, againstId: oldest!.id })
    await waitFor(actor, (snapshot) => snapshot.context.diff !== null)
    actor.send({ type: 'sheet.restore', versionId: oldest!.id })
    await evaluated(actor)
    expect(notifyPublished).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().hasTag('editor')).toBe(true)
  })

  describe('a print mode without a sheet (decision 0116)', () => {
    const choosing = (actor: Actor) =>
      waitFor(actor, (snapshot) => snapshot.matches({ starting: 'choosing' }))

    it("offers an empty start and the other modes' published sheets instead of the grid", async () => {
      const { actor, requests } = start(() => cleanEvaluation, noSheet)
      await choosing(actor)
      const snapshot = actor.getSnapshot()
      expect(snapshot.hasTag('start')).toBe(true)
      expect(snapshot.hasTag('editor')).toBe(false)
      expect(snapshot.context.sources).toEqual(sheetSources)
      expect(snapshot.context.current).toBeNull()
      expect(requests).toHaveLength(0)
    })

    it('starts empty with the required result cells, each with its error until filled, and cannot publish', async () => {
      const { actor, requests } = start(
        (request) =>
          request.cells.some((cell) => cell.formula === '') ? emptySheetEvaluation : cleanEvaluation,
        noSheet,
      )
      await choosing(actor)
      actor.send({ type: 'sheet.startEmpty' })
      await evaluated(actor)
      expect(requests[0]?.cells).toEqual([
        { name: 'unit_net_price_eur', formula: '' },
        { name: 'production_days', formula: '' },
      ])
      const issues = issuesByCell(actor.getSnapshot().context)
      expect(issues.get('unit_net_price_eur')).toBe('empty_formula')
      expect(issues.get('production_days')).toBe('empty_formula')
      expect(actor.getSnapshot().can({ type: 'sheet.publish' })).toBe(false)
    })

    it('starts as a copy, publishes it as the first version and then edits it like any sheet', async () => {
      const { actor, copied, published, notifyPublished } = start(() => cleanEvaluation, noSheet)
      await choosing(actor)
      actor.send({ type: 'sheet.startCopy', versionId: sheetSources[0]!.versionId })
      await evaluated(actor)
      expect(copied).toEqual([sheetSources[0]!.versionId])
      expect(actor.getSnapshot().context.cells).toEqual(currentSheet.cells)
      expect(actor.getSnapshot().context.current).toBeNull()
      actor.send({ type: 'sheet.publish' })
      await waitFor(actor, (snapshot) => snapshot.context.current !== null)
      expect(published[0]).toEqual(currentSheet.cells)
      expect(notifyPublished).toHaveBeenCalledOnce()
      expect(actor.getSnapshot().hasTag('editor')).toBe(true)
    })
  })
})
