import { createActor, fromPromise, toPromise } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import type { AnalysisFile } from '#shared/contracts/analysis.contract.ts'
import { analysedFile, measuredFile, repairedTinyFile } from '#machines/upload/upload.fixtures.ts'
import {
  CONFIGURE_TAGS,
  type Configuration,
  type PricingSelection,
  configureMachine,
  nameToSave,
} from './configure.machine.ts'
import { selectC2, selectC3, selectC4, selectF2, selectPm1, selectPm2 } from './configure.fixtures.ts'

const flush = async () => {
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve()
}

type Fail = { persist?: boolean; create?: boolean; add?: boolean }

const start = (file: AnalysisFile = analysedFile, fail: Fail = {}) => {
  const calls: string[] = []
  const persistFile = vi.fn(async ({ input }: { input: { objectId: string; patch: { name?: string } } }) => {
    calls.push('persistFile')
    if (fail.persist) throw new Error('offline')
    return { ...file, name: input.patch.name ?? file.name }
  })
  const createCartItem = vi.fn(async (_: { input: { configuration: Configuration } }) => {
    calls.push('createCartItem')
    if (fail.create) throw new Error('offline')
    return { cartItemId: 'item-1' }
  })
  // The cart's side of add to cart: it answers the request by event (docs/decisions/0080).
  const addToCart = vi.fn((_: { input: { configuration: Configuration } }) => {})
  const answerCart = (requestId: string) =>
    fail.add
      ? { type: 'cart.addFailed' as const, requestId }
      : { type: 'cart.itemsAdded' as const, requestId, createdItemIds: ['item-9'] }
  const invalidatePrices = vi.fn<(selection: PricingSelection | null) => void>()
  const notifyConfigureFailure = vi.fn()
  const notifyAddToCartFailure = vi.fn()
  const actor = createActor(
    configureMachine.provide({
      actors: {
        persistFile: fromPromise(persistFile),
        createCartItem: fromPromise(createCartItem),
      },
      actions: {
        requestAddToCart: (_, params) => {
          addToCart({ input: { configuration: params.configuration } })
          queueMicrotask(() => actor.send(answerCart(params.requestId)))
        },
        invalidatePrices: (_, params) => invalidatePrices(params.selection),
        notifyConfigureFailure,
        notifyAddToCartFailure,
      },
    }),
    { input: { file } },
  ).start()
  const snapshot = () => actor.getSnapshot()
  const context = () => actor.getSnapshot().context
  const tags = () => CONFIGURE_TAGS.filter((tag) => snapshot().hasTag(tag))
  return {
    actor,
    snapshot,
    context,
    tags,
    calls,
    persistFile,
    createCartItem,
    addToCart,
    invalidatePrices,
    notifyConfigureFailure,
    notifyAddToCartFailure,
  }
}

/** Through step 0 to the materials step. */
const atMaterials = async (file?: AnalysisFile, fail?: Fail) => {
  const started = start(file, fail)
  if (!started.context().acknowledgedRepairInfo)
    started.actor.send({ type: 'configure.toggleRepairAgreement' })
  started.actor.send({ type: 'configure.next' })
  await flush()
  return started
}

/** A printable print mode chosen, on the finishes step. */
const atFinishes = async (fail?: Fail) => {
  const started = await atMaterials(analysedFile, fail)
  started.actor.send(selectPm1)
  started.actor.send({ type: 'pricing.updated', printable: true })
  started.actor.send({ type: 'configure.chooseFinishes' })
  return started
}

describe('configureMachine', () => {
  it('starts on step 0 with the file name and unit, scale 1, quantity 1 (spec part 1 §3)', () => {
    const { snapshot, context, tags } = start()
    expect(snapshot().value).toEqual({ editing: 'basics' })
    expect(tags()).toEqual(['step-basics'])
    expect(context()).toMatchObject({
      name: 'Bracket',
      unit: 'mm',
      scale: 1,
      quantity: 1,
      printModeId: null,
      acknowledgedRepairInfo: true,
      cartItemId: null,
      addingPending: false,
      printable: false,
      unitSuggestion: null,
    })
  })

  it('step 0 next waits for the repair agreement when the file was repaired (§5)', () => {
    const { actor, snapshot, context } = start(repairedTinyFile)
    expect(context().acknowledgedRepairInfo).toBe(false)
    expect(snapshot().can({ type: 'configure.next' })).toBe(false)
    actor.send({ type: 'configure.toggleRepairAgreement' })
    expect(snapshot().can({ type: 'configure.next' })).toBe(true)
    actor.send({ type: 'configure.toggleRepairAgreement' })
    expect(context().acknowledgedRepairInfo).toBe(false)
    // Without repair info there is no agreement to toggle.
    expect(start().snapshot().can({ type: 'configure.toggleRepairAgreement' })).toBe(false)
  })

  it('next saves the trimmed name and the unit, creates the cart item, then shows step 1 and asks for prices', async () => {
    const { actor, snapshot, context, tags, calls, persistFile, invalidatePrices } = start()
    actor.send({ type: 'configure.setName', name: '  Bracket v2  ' })
    actor.send({ type: 'configure.setUnit', unit: 'cm' })
    invalidatePrices.mockClear()
    actor.send({ type: 'configure.next' })
    expect(tags()).toEqual(['step-basics', 'busy'])
    await flush()
    expect(calls).toEqual(['persistFile', 'createCartItem'])
    expect(persistFile.mock.calls[0]?.[0].input).toEqual({
      objectId: 'object-1',
      patch: { name: 'Bracket v2', givenUnitOfLength: 'cm' },
    })
    expect(snapshot().value).toEqual({ editing: { choosing: 'materials' } })
    expect(tags()).toEqual(['step-materials'])
    expect(context()).toMatchObject({ name: 'Bracket v2', cartItemId: 'item-1' })
    expect(invalidatePrices).toHaveBeenLastCalledWith({
      objectId: 'object-1',
      objectScale: 1,
      objectUnitLength: 'cm',
      objectQuantity: 1,
      printModeId: null,
      surfaceFinishId: null,
      printModeColorId: null,
    })
  })

  it('an empty name keeps the file name', () => {
    expect(nameToSave('   ', 'Bracket')).toBe('Bracket')
    expect(nameToSave(' x'.repeat(150), 'Bracket')).toHaveLength(200)
  })

  it('stays on step 0 with configure-failure when saving or creating the item fails (§8)', async () => {
    for (const fail of [{ persist: true }, { create: true }]) {
      const { actor, snapshot, context, notifyConfigureFailure } = start(analysedFile, fail)
      actor.send({ type: 'configure.next' })
      await flush()
      expect(snapshot().value).toEqual({ editing: 'basics' })
      expect(context().error).toBe('configure-failure')
      expect(notifyConfigureFailure).toHaveBeenCalledTimes(1)
    }
  })

  it('suggests inches for a tiny part; accepting switches the unit and asks for prices', () => {
    const { actor, snapshot, context, invalidatePrices } = start(repairedTinyFile)
    expect(context().unitSuggestion).toBe('inch')
    actor.send({ type: 'configure.acceptUnitSuggestion' })
    expect(context()).toMatchObject({ unit: 'inch', unitSuggestion: null, printable: false })
    expect(invalidatePrices).toHaveBeenLastCalledWith(expect.objectContaining({ objectUnitLength: 'inch' }))
    expect(snapshot().can({ type: 'configure.acceptUnitSuggestion' })).toBe(false)
    // Back to mm, the suggestion returns…
    actor.send({ type: 'configure.setUnit', unit: 'mm' })
    expect(context().unitSuggestion).toBe('inch')
    // …until dismissed.
    actor.send({ type: 'configure.dismissUnitSuggestion' })
    actor.send({ type: 'configure.setUnit', unit: 'cm' })
    actor.send({ type: 'configure.setUnit', unit: 'mm' })
    expect(context().unitSuggestion).toBeNull()
  })

  it('suggests mm for a huge part read as inches', () => {
    const huge = { ...analysedFile, givenUnitOfLength: 'inch' as const }
    huge.analysedProperties = { ...analysedFile.analysedProperties, dimensions: { x: 200, y: 80, z: 40 } }
    expect(start(huge).context().unitSuggestion).toBe('mm')
  })

  it('takes the scale from the field (empty is 0) and from a size field, refusing impossible ones (§5)', () => {
    const { actor, snapshot, context, invalidatePrices } = start()
    actor.send({ type: 'configure.setScale', scale: 2.5 })
    expect(context().scale).toBe(2.5)
    expect(invalidatePrices).toHaveBeenLastCalledWith(expect.objectContaining({ objectScale: 2.5 }))

    actor.send({ type: 'configure.setScale', scale: null })
    expect(context().scale).toBe(0)
    // Nothing to price while the scale is not a number.
    expect(invalidatePrices).toHaveBeenLastCalledWith(null)
    // A refused scale (−1, below 0.01, not a number) keeps the last valid one, says why and withdraws the price.
    actor.send({ type: 'configure.setScale', scale: 2 })
    for (const refused of [-1, 0.005, Number.NaN]) {
      actor.send({ type: 'configure.setScale', scale: refused })
      expect(context()).toMatchObject({ scale: 2, scaleError: 'below_minimum' })
      expect(invalidatePrices).toHaveBeenLastCalledWith(null)
    }
    actor.send({ type: 'configure.setScale', scale: 0.5 })
    expect(context()).toMatchObject({ scale: 0.5, scaleError: null })

    // 80 mm along X of a 40 mm part: scale 2 (the file's unit).
    actor.send({ type: 'configure.setDimension', axis: 'x', value: 80 })
    expect(context().scale).toBe(2)
    actor.send({ type: 'configure.setDimension', axis: 'z', value: 5 })
    expect(context().scale).toBe(0.5)
    expect(snapshot().can({ type: 'configure.setDimension', axis: 'y', value: -1 })).toBe(false)
    expect(snapshot().can({ type: 'configure.setDimension', axis: 'y', value: 0.01 })).toBe(false)
    const flat = start({
      ...analysedFile,
      analysedProperties: { ...analysedFile.analysedProperties, dimensions: { x: 40, y: 20, z: 0 } },
    })
    expect(flat.snapshot().can({ type: 'configure.setDimension', axis: 'z', value: 3 })).toBe(false)
  })

  it('a print mode brings its first finish and colour; a finish its first colour (§4)', async () => {
    const { actor, snapshot, context, invalidatePrices } = await atMaterials()
    expect(snapshot().can(selectF2)).toBe(false)
    actor.send(selectPm1)
    expect(context()).toMatchObject({ printModeId: 'pm-1', surfaceFinishId: 'f-1', colorId: 'c-1' })
    expect(invalidatePrices).toHaveBeenLastCalledWith(
      expect.objectContaining({ printModeId: 'pm-1', surfaceFinishId: 'f-1', printModeColorId: 'c-1' }),
    )
    actor.send(selectF2)
    expect(context()).toMatchObject({ surfaceFinishId: 'f-2', colorId: 'c-2' })
    actor.send(selectPm2)
    expect(context()).toMatchObject({ printModeId: 'pm-2', surfaceFinishId: null, colorId: 'c-4' })
  })

  it('a colour is selectable only if it supports the current finish, or has none when no finish is chosen (§4)', async () => {
    const { actor, snapshot, context } = await atMaterials()
    actor.send(selectPm1) // finish f-1
    expect(snapshot().can(selectC3)).toBe(false) // only f-2
    expect(snapshot().can(selectC4)).toBe(false) // no finishes
    actor.send(selectC2)
    expect(context().colorId).toBe('c-2')
    actor.send(selectPm2) // no finish
    expect(snapshot().can(selectC2)).toBe(false)
    actor.send(selectC4)
    expect(context().colorId).toBe('c-4')
  })

  it('takes whole quantities of at least 1 and explains a refused one (§5)', async () => {
    const { actor, context } = await atMaterials()
    actor.send({ type: 'configure.setQuantity', quantity: 3 })
    expect(context()).toMatchObject({ quantity: 3, quantityError: null })
    actor.send({ type: 'configure.setQuantity', quantity: 0 })
    expect(context()).toMatchObject({ quantity: 3, quantityError: 'below_minimum' })
    actor.send({ type: 'configure.setQuantity', quantity: 1.5 })
    expect(context()).toMatchObject({ quantity: 3, quantityError: 'not_integer' })
    actor.send({ type: 'configure.setQuantity', quantity: 2 })
    expect(context()).toMatchObject({ quantity: 2, quantityError: null })
  })

  it('a refused quantity withdraws the price and blocks moving on until the field is valid (issue 14, item 5)', async () => {
    const { actor, snapshot, context, invalidatePrices } = await atFinishes()
    actor.send({ type: 'configure.setQuantity', quantity: 10 })
    actor.send({ type: 'pricing.updated', printable: true })
    expect(snapshot().can({ type: 'configure.addToCart' })).toBe(true)
    for (const refused of [0, -3, 2.5]) {
      actor.send({ type: 'configure.setQuantity', quantity: refused })
      // No total of the old quantity: nothing is priced while the field holds a refused value.
      expect(invalidatePrices).toHaveBeenLastCalledWith(null)
      // Even a late verdict on the old selection does not let it be added with a quantity the shopper did not type.
      actor.send({ type: 'pricing.updated', printable: true })
      expect(snapshot().can({ type: 'configure.addToCart' })).toBe(false)
      expect(context().quantityError).not.toBeNull()
    }
    actor.send({ type: 'configure.setQuantity', quantity: 4 })
    expect(invalidatePrices).toHaveBeenLastCalledWith(expect.objectContaining({ objectQuantity: 4 }))
    actor.send({ type: 'pricing.updated', printable: true })
    expect(snapshot().can({ type: 'configure.addToCart' })).toBe(true)
  })

  it('choose finishes needs a printable selection; any change waits for new prices (§5)', async () => {
    const { actor, snapshot, tags } = await atMaterials()
    actor.send(selectPm1)
    expect(snapshot().can({ type: 'configure.chooseFinishes' })).toBe(false)
    actor.send({ type: 'pricing.updated', printable: true })
    expect(snapshot().can({ type: 'configure.chooseFinishes' })).toBe(true)
    actor.send({ type: 'configure.setScale', scale: 3 })
    expect(snapshot().can({ type: 'configure.chooseFinishes' })).toBe(false)
    actor.send({ type: 'pricing.updated', printable: true })
    actor.send({ type: 'configure.chooseFinishes' })
    expect(tags()).toEqual(['step-finishes'])
    actor.send({ type: 'configure.back' })
    expect(tags()).toEqual(['step-materials'])
  })

  it("goes back from materials to basics (the browser's Back) keeping the choices; next returns (issue 14, item 3)", async () => {
    const { actor, snapshot, tags, context, calls } = await atMaterials()
    actor.send(selectPm1)
    actor.send({ type: 'configure.back' })
    expect(tags()).toEqual(['step-basics'])
    expect(snapshot().can({ type: 'configure.back' })).toBe(false)
    expect(context()).toMatchObject({ printModeId: 'pm-1', cartItemId: 'item-1' })
    actor.send({ type: 'configure.next' })
    await flush()
    expect(tags()).toEqual(['step-materials'])
    expect(context().printModeId).toBe('pm-1')
    expect(calls).toEqual(['persistFile', 'createCartItem', 'persistFile', 'createCartItem'])
  })

  it('adds to the cart: busy while pending, then done with the configuration', async () => {
    const { actor, snapshot, context, tags, addToCart } = await atFinishes()
    actor.send({ type: 'configure.setQuantity', quantity: 4 })
    actor.send({ type: 'pricing.updated', printable: true })
    actor.send({ type: 'configure.addToCart' })
    expect(tags()).toEqual(['step-finishes', 'busy', 'adding'])
    expect(context().addingPending).toBe(true)
    expect(snapshot().can({ type: 'configure.addToCart' })).toBe(false)
    expect(snapshot().can({ type: 'configure.setQuantity', quantity: 2 })).toBe(false)
    const output = await toPromise(actor)
    expect(addToCart.mock.calls[0]?.[0].input.configuration).toEqual({
      objectId: 'object-1',
      cartItemId: 'item-1',
      name: 'Bracket',
      unit: 'mm',
      scale: 1,
      quantity: 4,
      printModeId: 'pm-1',
      surfaceFinishId: 'f-1',
      colorId: 'c-1',
      acknowledgedRepairInfo: true,
    })
    expect(output).toMatchObject({
      cartItemId: 'item-9',
      configuration: { quantity: 4, printModeId: 'pm-1' },
    })
    expect(tags()).toEqual(['added'])
  })

  it('stays on the finishes step with add-to-cart-failure when adding fails (§8)', async () => {
    const { actor, snapshot, context, notifyAddToCartFailure } = await atFinishes({ add: true })
    actor.send({ type: 'configure.addToCart' })
    await flush()
    expect(snapshot().value).toEqual({ editing: { choosing: 'finishes' } })
    expect(context()).toMatchObject({ error: 'add-to-cart-failure', addingPending: false })
    expect(notifyAddToCartFailure).toHaveBeenCalledTimes(1)
  })

  it('refuses add to cart while not printable', async () => {
    const { actor, snapshot } = await atFinishes()
    actor.send({ type: 'pricing.updated', printable: false })
    expect(snapshot().can({ type: 'configure.addToCart' })).toBe(false)
  })
})

describe('a file measured while its analysis goes on (decision 0124 §2)', () => {
  /** Starts on `measuredFile`; each read of a pending file waits for the test to answer it (a complete one is the answer). */
  const startPending = () => {
    const reads: Array<{ resolve: (file: AnalysisFile) => void; reject: (error: unknown) => void }> = []
    const persistFile = vi.fn(async () => analysedFile)
    const notifyConfigureFailure = vi.fn()
    const actor = createActor(
      configureMachine.provide({
        actors: {
          awaitAnalysis: fromPromise(({ input }: { input: { file: AnalysisFile } }) =>
            input.file.pending === true
              ? new Promise<AnalysisFile>((resolve, reject) => reads.push({ resolve, reject }))
              : Promise.resolve(input.file),
          ),
          persistFile: fromPromise(persistFile),
          createCartItem: fromPromise(async () => ({ cartItemId: 'item-1' })),
        },
        actions: { notifyConfigureFailure },
      }),
      { input: { file: measuredFile } },
    ).start()
    return { actor, reads, persistFile, notifyConfigureFailure }
  }

  it('shows step 0 at once and takes the complete file when the background read brings it', async () => {
    const { actor, reads, persistFile } = startPending()
    expect(actor.getSnapshot().hasTag('step-basics')).toBe(true)
    expect(reads).toHaveLength(1)
    reads[0]!.resolve(analysedFile)
    await flush()
    expect(actor.getSnapshot().context.file).toEqual(analysedFile)
    // Complete already: "next" saves at once.
    actor.send({ type: 'configure.next' })
    await flush()
    expect(persistFile).toHaveBeenCalledOnce()
    expect(reads).toHaveLength(1)
  })

  it('lets "next" wait for the complete file, saying it is being calculated, before saving and pricing', async () => {
    const { actor, reads, persistFile } = startPending()
    actor.send({ type: 'configure.next' })
    await flush()
    expect(actor.getSnapshot().hasTag('analysis-pending')).toBe(true)
    expect(persistFile).not.toHaveBeenCalled()
    reads.at(-1)!.resolve(analysedFile)
    await flush()
    expect(persistFile).toHaveBeenCalledOnce()
    expect(actor.getSnapshot().hasTag('step-materials')).toBe(true)
    expect(actor.getSnapshot().context.file.pending).toBeUndefined()
  })

  it('stays on step 0 with the configure failure when the complete file cannot be had', async () => {
    const { actor, reads, persistFile, notifyConfigureFailure } = startPending()
    actor.send({ type: 'configure.next' })
    await flush()
    reads.at(-1)!.reject(new Error('analysis failed'))
    await flush()
    expect(actor.getSnapshot().hasTag('step-basics')).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('configure-failure')
    expect(notifyConfigureFailure).toHaveBeenCalledOnce()
    expect(persistFile).not.toHaveBeenCalled()
  })
})
