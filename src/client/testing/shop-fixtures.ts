import { cartItem } from '#machines/cart/cart.fixtures.ts'
import { type CartItem, type CartItemColour } from '#shared/contracts/cart.contract.ts'
import { type ConfigurationPrice, type PricedConfigurations } from '#shared/contracts/pricing.contract.ts'
import {
  type Color,
  type PrintMode,
  type Ranking,
  RANKING_LABELS,
} from '#shared/contracts/print-modes.contract.ts'

/**
 * Plain data for stories and DOM tests of the configure and cart views: a print-mode catalogue whose ids match the
 * configure machine's fixtures (`pm-1` with finishes `f-1` (colours `c-1`, `c-2`) and `f-2` (`c-2`, `c-3`); `pm-2`
 * without finishes (`c-4`)), plus `pm-3`; price answers for every printability message; cart items.
 */

const colour = (id: string, name: string, hex: string, finishIds: string[], hue: number): Color => ({
  id,
  _id: id,
  name,
  hex,
  thumbnail: `/api/thumbnails/${id}.png`,
  hue,
  surfaceFinishes: finishIds,
})

export const white = colour('c-1', 'Weiß', '#f2f1ec', ['f-1'], 40)
export const black = colour('c-2', 'Schwarz', '#202124', ['f-1', 'f-2'], 0)
export const red = colour('c-3', 'Signalrot', '#b3261e', ['f-2'], 4)
export const grey = colour('c-4', 'Grau', '#8a8d91', [], 210)
export const orange = colour('c-5', 'Orange', '#e8731a', [], 26)
export const blue = colour('c-6', 'Blau', '#1f5fae', [], 213)

const ranking = (values: readonly number[]): Ranking[] =>
  RANKING_LABELS.map((label, index) => ({ label, value: values[index] ?? 4 }))

export const pa12: PrintMode = {
  id: 'pm-1',
  _id: 'pm-1',
  name: 'PA12 – Lasersintern',
  features: {
    description: 'Robuster Kunststoff für funktionale Bauteile, Gehäuse und Kleinserien.',
    surfaceQuality: 'Leicht körnig, matt',
    applications: 'Funktionsprototypen, Halterungen, Gehäuse',
    maxDimensions: { x: 300, y: 300, z: 300 },
    minFeatureSize: 0.8,
    resolutionXY: 0.1,
    resolutionZ: 0.1,
    ranking: ranking([5, 4, 7, 6, 6, 5, 7, 5]),
  },
  printModeMaterial: { name: 'Polyamid 12 (PA12)' },
  printModeMethod: { name: 'Selektives Lasersintern (SLS)' },
  surfaceFinishes: [
    {
      id: 'f-1',
      _id: 'f-1',
      properties: { name: 'Gestrahlt', description: 'Gleichmäßig matte Oberfläche.' },
      colors: [white, black],
    },
    {
      id: 'f-2',
      _id: 'f-2',
      properties: {
        name: 'Gefärbt und geglättet',
        description: 'Durchgefärbt, glatter und leicht glänzend.',
      },
      colors: [black, red],
    },
  ],
  colors: [white, black, red],
  processingSteps: [
    {
      id: 'ps-1',
      name: 'Gewindeeinsatz',
      options: [
        { _id: 'o-1', name: 'M3' },
        { _id: 'o-2', name: 'M4' },
      ],
    },
  ],
}

export const resin: PrintMode = {
  id: 'pm-2',
  _id: 'pm-2',
  name: 'Resin – Stereolithografie',
  features: {
    description: 'Sehr feine Details und glatte Oberflächen für Modelle und Designmuster.',
    surfaceQuality: 'Glatt, fein',
    applications: 'Designmodelle, Miniaturen, Dentalmodelle',
    maxDimensions: { x: 145, y: 145, z: 175 },
    minFeatureSize: 0.3,
    resolutionXY: 0.05,
    resolutionZ: 0.025,
    ranking: ranking([3, 2, 4, 8, 3, 2, 3, 7]),
  },
  printModeMaterial: { name: 'Standard-Resin' },
  printModeMethod: { name: 'Stereolithografie (SLA)' },
  surfaceFinishes: [],
  colors: [grey],
  processingSteps: [],
}

export const pla: PrintMode = {
  id: 'pm-3',
  _id: 'pm-3',
  name: 'PLA – Schmelzschichtung',
  features: {
    description: 'Günstig und schnell für einfache Prototypen und Anschauungsmodelle.',
    surfaceQuality: 'Sichtbare Schichten',
    applications: 'Konzeptmodelle, Lehren, Anschauungsmodelle',
    maxDimensions: { x: 250, y: 210, z: 210 },
    minFeatureSize: 1.2,
    resolutionXY: 0.4,
    resolutionZ: 0.2,
    ranking: ranking([8, 2, 5, 3, 3, 1, 5, 4]),
  },
  printModeMaterial: { name: 'Polylactid (PLA)' },
  printModeMethod: { name: 'Schmelzschichtung (FDM)' },
  surfaceFinishes: [],
  colors: [orange, blue],
  processingSteps: [],
}

export const storyPrintModes: PrintMode[] = [pa12, resin, pla]

// ---------------------------------------------------------------------------------------------------------------
// Prices

type PriceFlags = Partial<
  Pick<ConfigurationPrice, 'printable' | 'tooLarge' | 'tooSmall' | 'mightCauseProblems'>
>

export const configurationPrice = (
  printModeId: string,
  finishId: string | null,
  colourId: string | null,
  netPrice: number,
  flags: PriceFlags = {},
  quantity = 1,
  taxRate = 19,
): ConfigurationPrice => {
  const tax = Math.round((netPrice * taxRate) / 100)
  const lineNet = netPrice * quantity
  const lineTax = Math.round((lineNet * taxRate) / 100)
  return {
    printModeId,
    surfaceFinishId: finishId,
    printModeColorId: colourId,
    price: { netPrice, totalPrice: netPrice + tax, tax, taxRate },
    linePrice: { netPrice: lineNet, totalPrice: lineNet + lineTax, tax: lineTax },
    printable: flags.printable ?? true,
    tooLarge: flags.tooLarge ?? false,
    tooSmall: flags.tooSmall ?? false,
    mightCauseProblems: flags.mightCauseProblems ?? false,
    productionTimeDays: printModeId === 'pm-3' ? 3 : 5,
    sheetVersion: 'sheet-1',
  }
}

/** Every configuration the client prices for a selection of pm-1 / f-1 / c-1, with `flags` for the selection. */
export const priceAnswer = (
  options: {
    selected?: PriceFlags
    /** c-2 (black) with f-1 cannot be printed: the finishes step shows it as "Nicht druckbar". */
    blackNotPrintable?: boolean
    allTooLarge?: boolean
    taxRate?: number
    quantity?: number
  } = {},
): PricedConfigurations => {
  const rate = options.taxRate ?? 19
  const quantity = options.quantity ?? 1
  const tooLarge = options.allTooLarge ? { printable: false, tooLarge: true } : {}
  const selected = configurationPrice(
    'pm-1',
    'f-1',
    'c-1',
    1_250,
    { ...tooLarge, ...options.selected },
    quantity,
    rate,
  )
  const prices = [
    selected,
    configurationPrice('pm-2', null, 'c-4', 3_400, tooLarge, quantity, rate),
    configurationPrice('pm-3', null, 'c-5', 690, tooLarge, quantity, rate),
    configurationPrice(
      'pm-1',
      'f-1',
      'c-2',
      1_250,
      options.blackNotPrintable ? { printable: false } : tooLarge,
      quantity,
      rate,
    ),
    configurationPrice('pm-1', 'f-2', 'c-2', 1_890, tooLarge, quantity, rate),
    configurationPrice('pm-1', 'f-2', 'c-3', 1_890, tooLarge, quantity, rate),
  ]
  return {
    prices,
    printabilityForSelected: {
      printable: selected.printable,
      tooLarge: selected.tooLarge,
      tooSmall: selected.tooSmall,
      price: selected.printable ? selected.linePrice : null,
    },
    printabilityForAll: { tooLarge: prices.every((price) => price.tooLarge) },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Cart items

/** A small picture as a data URL: item previews in stories never hit the network. */
const previewOf = (fill: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#eef1f3"/><path d="M12 44 L32 14 L52 44 Z" fill="${fill}" stroke="#000" stroke-width="2"/></svg>`,
  )}`

const withPricing = (value: Color, printModeId: string): CartItemColour => ({
  ...value,
  pricing: {
    price: { netPrice: 1_250, totalPrice: 1_488, tax: 238, taxRate: 19 },
    printable: true,
    tooLarge: false,
    tooSmall: false,
    productionTimeDays: printModeId === 'pm-3' ? 3 : 5,
  },
})

/** Net price of one piece in cents; the line is taxed at 19 % as the server does (rounded per line). */
const priced = (unitNet: number, quantity: number) => {
  const unitTax = Math.round(unitNet * 0.19)
  const lineNet = unitNet * quantity
  const lineTax = Math.round(lineNet * 0.19)
  return {
    currentPrice: { netPrice: unitNet, totalPrice: unitNet + unitTax },
    pricing: { netPrice: lineNet, totalPrice: lineNet + lineTax, calculatedTaxes: { netPrice: lineTax } },
  }
}

export const bracketItem: CartItem = cartItem('item-1', 2, {
  ...priced(1_250, 2),
  color: withPricing(white, 'pm-1'),
  surfaceFinish: { name: 'Gestrahlt' },
  thumbnail: previewOf('#f2f1ec'),
  model: { _id: 'object-1', name: 'Halterung', givenUnitOfLength: 'mm', dimensions: { x: 40, y: 20, z: 10 } },
})

export const clipItem: CartItem = cartItem('item-2', 1, {
  ...priced(3_400, 1),
  objectId: 'object-2',
  scale: 25.4,
  printModeId: 'pm-2',
  surfaceFinishId: null,
  surfaceFinish: null,
  printMode: { id: 'pm-2' },
  color: withPricing(grey, 'pm-2'),
  thumbnail: previewOf('#8a8d91'),
  model: {
    _id: 'object-2',
    name: 'Clip',
    givenUnitOfLength: 'inch',
    dimensions: { x: 0.12, y: 0.1, z: 0.05 },
  },
  attachments: ['/attachments/item-2/zeichnung.pdf'],
})

/** One cheap item: the goods stay below the minimum order value (30 € gross). */
export const smallItem: CartItem = cartItem('item-3', 1, {
  ...priced(690, 1),
  printModeId: 'pm-3',
  surfaceFinishId: null,
  surfaceFinish: null,
  printMode: { id: 'pm-3' },
  color: withPricing(orange, 'pm-3'),
  thumbnail: null,
  model: { _id: 'object-3', name: 'Kabelclip', givenUnitOfLength: 'mm', dimensions: { x: 18, y: 9, z: 6 } },
})

/** An item with a discount: the price before it is shown struck through. */
export const discountedItem: CartItem = {
  ...bracketItem,
  _id: 'item-4',
  ...priced(1_125, 2),
  beforeDiscount: { netPrice: 2_500, totalPrice: 2_976 },
}

/** `count` plain items (the header's cart count). */
export const cartItems = (count: number): CartItem[] =>
  Array.from({ length: count }, (_, index) => cartItem(`item-${index + 1}`))
