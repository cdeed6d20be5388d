import { describe, expect, it } from 'vitest'
import {
  newestOf,
  type PricedConfiguration,
  replaySheet,
  type ReplayItem,
} from '#server/modules/pricing/sheet-replay.ts'
import { compileSheet } from '#server/modules/pricing/sheet/compile-sheet.ts'
import { draftWith } from '#server/modules/pricing/sheet/formula-test-helpers.ts'

/** The replay's merge of its sources and its counts by source (decision 0114). */

const configuration = (
  source: PricedConfiguration['source'],
  pricedAt: string,
  unitNetCents: number,
): PricedConfiguration => ({
  source,
  pricedAt,
  modelFileId: `${source}-${pricedAt}`,
  unit: 'mm',
  scale: 1,
  quantity: 1,
  colorId: null,
  finishId: null,
  unitNetCents,
})

/** A price of x_mm euros: a 10 mm wide box costs 10 €. */
const sheet = compileSheet({
  versionId: 'draft',
  draft: draftWith([
    { name: 'unit_net_price_eur', formula: '=x_mm' },
    { name: 'production_days', formula: 2 },
  ]),
})

const item = (priced: PricedConfiguration, analysed = true): ReplayItem => ({
  configuration: priced,
  analysed: analysed
    ? {
        unitFromFile: false,
        properties: {
          dimensions: { x: 10, y: 5, z: 2 },
          internalVolume: 100,
          externalVolume: 100,
          surfaceArea: 180,
          minX: 2,
          maxX: 10,
          maxY: 5,
          printable: true,
        },
      }
    : undefined,
  colorVariable: 1,
  finishVariable: 1,
})

describe('newestOf', () => {
  it('takes the newest across carts and orders, newest first', () => {
    const carts = [
      configuration('cart', '2026-11-26T10:00:03Z', 1),
      configuration('cart', '2026-11-26T10:00:01Z', 1),
    ]
    const orders = [
      configuration('order', '2026-11-26T10:00:02Z', 1),
      configuration('order', '2026-11-26T10:00:00Z', 1),
    ]
    expect(newestOf([carts, orders], 3).map((each) => each.modelFileId)).toEqual([
      'cart-2026-11-26T10:00:03Z',
      'order-2026-11-26T10:00:02Z',
      'cart-2026-11-26T10:00:01Z',
    ])
    expect(newestOf([[], orders], 5)).toHaveLength(2)
  })
})

describe('replaySheet sources', () => {
  it('counts the re-priced configurations by source, leaving out those whose analysis is gone', () => {
    const answer = replaySheet(sheet, [
      item(configuration('cart', '2026-11-26T10:00:03Z', 1000)),
      item(configuration('order', '2026-11-26T10:00:02Z', 500)),
      item(configuration('order', '2026-11-26T10:00:01Z', 1000)),
      item(configuration('order', '2026-11-26T10:00:00Z', 1000), false),
    ])
    expect(answer).toMatchObject({ total: 3, sources: { cart: 1, order: 2 }, changed: 1, unchanged: 2 })
    expect(answer.largest).toEqual([
      expect.objectContaining({ source: 'order', beforeCents: 500, afterCents: 1000, changePercent: 100 }),
    ])
  })
})
