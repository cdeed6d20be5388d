import { describe, expect, it } from 'vitest'
import { type ActorRefFrom, createActor, createMachine, setup, waitFor } from 'xstate'
import { type cartMachine } from '#machines/cart/cart.machine.ts'
import { CART_ID_STORAGE_KEY } from '#shared/contracts/cart.contract.ts'
import { createApiClient } from '#client/actors/api-client.ts'
import { createCartActors } from '#client/actors/cart.actors.ts'
import { type NotificationsRef } from '#client/actors/notify.ts'
import { CART_ID, id } from './fake-api.ts'

/** The stored cart loads (empty); adding items answers 500. */
const failingAddFetch: typeof fetch = async (input, init) => {
  const method = init?.method ?? 'GET'
  const path = new URL(String(input), 'http://shop.test').pathname
  if (method === 'GET' && path === `/api/checkout/cart/${CART_ID}`) {
    return Response.json({ _id: CART_ID, items: [] })
  }
  return Response.json({ error: { code: 'internal', message: 'down' } }, { status: 500 })
}

function memoryStorage(): Storage {
  const values = new Map<string, string>([[CART_ID_STORAGE_KEY, JSON.stringify(CART_ID)]])
  return {
    get length() {
      return values.size
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  }
}

/** The real cart actors in a system with an asker that may or may not still run. */
function startSystem(askerRuns: boolean) {
  const shown: string[] = []
  const notifications: NotificationsRef = {
    send: (event) => {
      if (event.type === 'notify.show') shown.push(event.notification.message)
    },
  }
  const cart = createCartActors({
    api: createApiClient({
      fetch: failingAddFetch,
      upload: () => Promise.reject(new Error('no')),
      locale: () => 'de',
    }),
    storage: memoryStorage(),
    notifications,
  })
  const answers: string[] = []
  const asker = createMachine({ on: { '*': { actions: ({ event }) => answers.push(event.type) } } })
  const root = setup({ actors: { cart, asker } }).createMachine({
    invoke: [
      { src: 'cart', id: 'cart', systemId: 'cart' },
      ...(askerRuns ? [{ src: 'asker' as const, id: 'asker', systemId: 'asker' }] : []),
    ],
  })
  const system = createActor(root).start()
  return { system, shown, answers }
}

const item = {
  objectId: id('object-1'),
  quantity: 1,
  scale: 1,
  printModeId: id('mode-1'),
  surfaceFinishId: null,
  printModeColorId: null,
  acknowledgedRepairInfo: false,
}

async function addAndFail(askerRuns: boolean, event: { requestId?: string; replyTo?: string }) {
  const { system, shown, answers } = startSystem(askerRuns)
  const cart = system.system.get('cart') as ActorRefFrom<typeof cartMachine>
  await waitFor(cart, (snapshot) => snapshot.matches({ active: 'ready' }))
  cart.send({ type: 'cart.add', items: [item], ...event })
  await waitFor(cart, (snapshot) => snapshot.context.pendingOps.length === 0)
  system.stop()
  return { shown, answers }
}

describe('a failed "add to cart"', () => {
  it('is told to the asker while it runs, which shows its own warning', async () => {
    const { shown, answers } = await addAndFail(true, { requestId: 'add-1', replyTo: 'asker' })
    expect(answers).toEqual(['cart.addFailed'])
    expect(shown).toEqual([])
  })

  it('is warned about by the cart when the asker has stopped meanwhile', async () => {
    const { shown, answers } = await addAndFail(false, { requestId: 'add-1', replyTo: 'asker' })
    expect(answers).toEqual([])
    expect(shown).toEqual(['add-to-cart-failure'])
  })

  it('is warned about by the cart when nobody asked', async () => {
    const { shown } = await addAndFail(true, {})
    expect(shown).toEqual(['add-to-cart-failure'])
  })
})
