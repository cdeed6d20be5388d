import type { CartItem, CartItemInput } from '#shared/contracts/cart.contract.ts'

/** Cart items and answers for path models, tests and stories of the cart machine. */

export const cartItem = (id: string, quantity = 1, extra: Partial<CartItem> = {}): CartItem => ({
  _id: id,
  objectId: `object-of-${id}`,
  quantity,
  scale: 1,
  printModeId: 'pm-1',
  surfaceFinishId: 'f-1',
  color: null,
  surfaceFinish: { name: 'Glatt' },
  acknowledgedRepairInfo: true,
  pricing: {
    netPrice: 1_250 * quantity,
    totalPrice: 1_488 * quantity,
    calculatedTaxes: { netPrice: 238 * quantity },
  },
  currentPrice: { netPrice: 1_250, totalPrice: 1_488 },
  thumbnail: null,
  model: {
    _id: `object-of-${id}`,
    name: 'Bracket',
    givenUnitOfLength: 'mm',
    dimensions: { x: 40, y: 20, z: 10 },
  },
  printMode: { id: 'pm-1' },
  processingSteps: [],
  attachments: [],
  ...extra,
})

export const itemInput: CartItemInput = {
  objectId: 'object-1',
  quantity: 1,
  scale: 1,
  printModeId: 'pm-1',
  surfaceFinishId: 'f-1',
  printModeColorId: 'c-1',
  acknowledgedRepairInfo: true,
}

export const item1 = cartItem('item-1')
export const item2 = cartItem('item-2')
export const thumbnail = { size: 12_000, type: 'image/png' }
export const drawing = { name: 'drawing.pdf', size: 300_000 }
