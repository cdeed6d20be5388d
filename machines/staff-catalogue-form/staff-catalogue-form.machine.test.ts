import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type StaffResource } from '#shared/contracts/staff-catalogue.contract.ts'
import { bodyOf, draftIssues, draftOf } from './catalogue-draft.ts'
import { catalogueFields } from './catalogue-fields.ts'
import {
  color,
  colorForm,
  material,
  newMaterialForm,
  PRINT_MODE_ID,
  refusedName,
} from './staff-catalogue-form.fixtures.ts'
import { type LoadedForm, staffCatalogueFormMachine, visibleIssues } from './staff-catalogue-form.machine.ts'

type Save = (body: Record<string, unknown>) => Promise<Record<string, unknown>>

const start = (resource: StaffResource, id: string | null, loaded: LoadedForm, save: Save) => {
  const bodies: Record<string, unknown>[] = []
  const actor = createActor(
    staffCatalogueFormMachine.provide({
      actors: {
        loadForm: fromPromise(async () => loaded),
        saveItem: fromPromise(async ({ input }) => {
          bodies.push(input.body)
          return (await save(input.body)) as typeof material
        }),
      },
    }),
    { input: { resource, id } },
  ).start()
  return { actor, bodies }
}
type Actor = ReturnType<typeof start>['actor']
const editing = (actor: Actor) => waitFor(actor, (snapshot) => snapshot.hasTag('editing'))

describe('catalogue fields from the contract', () => {
  it('reads every print-mode field, nested rankings and technical features included', () => {
    const keys = catalogueFields('print-modes').map((field) => field.key)
    expect(keys).toEqual(
      expect.arrayContaining([
        'materialId',
        'name',
        'surfaceQuality',
        'applications',
        'maxDimensions.x',
        'resolutionXY',
        'minFeatureSize',
        'ranking.price',
        'ranking.heatResistance',
        'pricingTestParameters.maxYMm',
        'whiteLabelIds',
        'isActive',
      ]),
    )
    const field = (key: string) => catalogueFields('print-modes').find((candidate) => candidate.key === key)
    expect(field('ranking.price')).toMatchObject({ kind: 'integer', group: 'ranking', optional: false })
    expect(field('pricingTestParameters.xMm')).toMatchObject({ kind: 'number', optional: true })
    expect(field('materialId')).toMatchObject({ kind: 'ref', ref: 'materials' })
    expect(catalogueFields('colors').find((candidate) => candidate.key === 'printModeId')).toMatchObject({
      createOnly: true,
      ref: 'print-modes',
    })
    expect(catalogueFields('colors').some((candidate) => candidate.key === 'thumbnailPath')).toBe(false)
  })

  it("places the contract's issues at the inputs with their limits", () => {
    const draft = {
      ...draftOf('colors', null),
      'name.de': ' ',
      hex: '#CC0000',
      hue: '360',
      spreadsheetVariable: 'viel',
    }
    expect(draftIssues('colors', draft, null)).toEqual({
      printModeId: { code: 'required' },
      'name.de': { code: 'required' },
      hex: { code: 'invalid_hex' },
      hue: { code: 'too_big', limit: 359 },
      spreadsheetVariable: { code: 'not_a_number' },
    })
    const whiteLabel = { ...draftOf('white-labels', null), name: 'Partner', apiKey: 'kurz' }
    expect(draftIssues('white-labels', whiteLabel, null)).toEqual({ apiKey: { code: 'too_short', limit: 8 } })
  })

  it('keeps the ids of unchanged processing-step options and leaves an empty optional object out', () => {
    const step = {
      id: 'step_000000000000000001',
      name: { de: 'Schleifen' },
      sortOrder: 0,
      options: [
        { id: 'option_00000000000000001', name: { de: 'Fein' }, archived: false },
        { id: 'option_00000000000000002', name: { de: 'Alt' }, archived: true },
      ],
      archived: false,
    }
    const draft = { ...draftOf('processing-steps', step), options: 'Fein\nGrob\n' }
    expect(bodyOf('processing-steps', draft, step, 'update')).toMatchObject({
      options: [{ id: 'option_00000000000000001', name: { de: 'Fein' } }, { name: { de: 'Grob' } }],
    })
    const mode = bodyOf('print-modes', draftOf('print-modes', null), null, 'create')
    expect(mode).not.toHaveProperty('pricingTestParameters')
    expect(mode).toMatchObject({ sortOrder: 0, isActive: true, whiteLabelIds: [] })
  })
})

describe('staffCatalogueFormMachine', () => {
  it('refuses an empty name at the field, then creates and edits on', async () => {
    const { actor, bodies } = start('materials', null, newMaterialForm, async (body) => ({
      ...material,
      ...body,
    }))
    await editing(actor)
    expect(visibleIssues(actor.getSnapshot().context)).toEqual({})
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().hasTag('editing')).toBe(true)
    expect(visibleIssues(actor.getSnapshot().context)).toEqual({ 'name.de': { code: 'required' } })
    actor.send({ type: 'form.change', key: 'name.de', value: 'PETG' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.context.outcome?.kind === 'created')
    expect(bodies).toEqual([{ name: { de: 'PETG' } }])
    expect(actor.getSnapshot().context.id).toBe(material.id)
  })

  it("shows the server's refusal at the field and keeps everything typed", async () => {
    const { actor } = start('colors', color.id, colorForm, async () => {
      throw refusedName
    })
    await editing(actor)
    actor.send({ type: 'form.change', key: 'name.de', value: 'Signalrot' })
    actor.send({ type: 'form.change', key: 'hex', value: '#d01010' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.context.outcome?.kind === 'invalid')
    const { context } = actor.getSnapshot()
    expect(visibleIssues(context)).toEqual({ 'name.de': { code: 'too_long' } })
    expect(context.draft).toMatchObject({ 'name.de': 'Signalrot', hex: '#d01010', 'name.fr': 'Rouge' })
    actor.send({ type: 'form.change', key: 'name.de', value: 'Rot' })
    expect(visibleIssues(actor.getSnapshot().context)).toEqual({})
  })

  it("sends an edit's update fields only and keeps a colour's print mode", async () => {
    const { actor, bodies } = start('colors', color.id, colorForm, async () => color)
    await editing(actor)
    actor.send({ type: 'form.change', key: 'printModeId', value: PRINT_MODE_ID.replace('1', '2') })
    expect(actor.getSnapshot().context.draft.printModeId).toBe(PRINT_MODE_ID)
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.context.outcome?.kind === 'saved')
    expect(bodies[0]).not.toHaveProperty('printModeId')
    expect(bodies[0]).toMatchObject({
      hex: '#cc0000',
      hue: 0,
      surfaceFinishIds: [color.surfaceFinishIds].flat(),
    })
  })
})
