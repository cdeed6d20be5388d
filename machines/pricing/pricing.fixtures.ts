import type {
  ConfigurationPrice,
  PricingBatchRequest,
  PricedConfigurations,
} from '#shared/contracts/pricing.contract.ts'

/** Requests and answers for path models, tests and stories of the pricing machine. */

export const requestAtScale = (objectScale: number): PricingBatchRequest => ({
  objectId: 'object-1',
  objectScale,
  objectUnitLength: 'mm',
  objectQuantity: 1,
  params: [{ printModeId: 'pm-1', surfaceFinishId: 'f-1', printModeColorId: 'c-1' }, { printModeId: 'pm-2' }],
})

export const priceOf = (printModeId: string, netPrice: number, printable = true): ConfigurationPrice => ({
  printModeId,
  surfaceFinishId: printModeId === 'pm-1' ? 'f-1' : null,
  printModeColorId: printModeId === 'pm-1' ? 'c-1' : 'c-4',
  price: { netPrice, totalPrice: Math.round(netPrice * 1.19), tax: Math.round(netPrice * 0.19), taxRate: 19 },
  linePrice: { netPrice, totalPrice: Math.round(netPrice * 1.19), tax: Math.round(netPrice * 0.19) },
  printable,
  tooLarge: !printable,
  tooSmall: false,
  mightCauseProblems: false,
  productionTimeDays: 5,
  sheetVersion: 'sheet-1',
})

const answer = (prices: ConfigurationPrice[]): PricedConfigurations => {
  const [selected] = prices
  return {
    prices,
    printabilityForSelected: {
      printable: selected?.printable ?? false,
      tooLarge: selected?.tooLarge ?? false,
      tooSmall: false,
      price: selected?.printable ? selected.linePrice : null,
    },
    printabilityForAll: { tooLarge: prices.every((price) => price.tooLarge) },
  }
}

/** Scale 1: both print modes priced, the selection printable. */
export const answerAtScale1 = answer([priceOf('pm-1', 1_250), priceOf('pm-2', 3_400)])
/** Scale 20: only pm-1 in the answer, too large. */
export const answerAtScale20 = answer([priceOf('pm-1', 98_000, false)])
