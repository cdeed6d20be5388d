import { analysedFile } from '#machines/upload/upload.fixtures.ts'
import { type AnalysisFile, type AnalysisTask } from '#shared/contracts/analysis.contract.ts'
import { type CartItem, type CartItemInput } from '#shared/contracts/cart.contract.ts'
import {
  resultColumnsOf,
  type PricingBatchRequest,
  type PricingBatchResponse,
} from '#shared/contracts/pricing.contract.ts'
import { type PrintMode } from '#shared/contracts/print-modes.contract.ts'
import { type ErrorCode, errorStatus } from '#shared/errors/error-codes.ts'
import { type UploadRequest, type UploadTransport } from '#client/actors/api-client.ts'
import { configurationPrice, storyPrintModes } from '#client/testing/shop-fixtures.ts'

/**
 * A stand-in for the API the server engineer is building, per the same contracts: every answer has valid ids and
 * passes the client's zod schemas. It records each request (method, path, headers, body) for the tests.
 */

/** A valid id (22 base64url characters) from a short label: `id('pm-1')` = `pm-1xxxxxxxxxxxxxxxxxx`. */
export const id = (label: string) => label.padEnd(22, 'x').slice(0, 22)

const FIXTURE_ID = /^(pm|f|c|ps|o|object|task|item)-\d+$/

/** The story catalogue with valid ids. */
export const apiPrintModes: PrintMode[] = JSON.parse(
  JSON.stringify(storyPrintModes, (_key, value: unknown) =>
    typeof value === 'string' && FIXTURE_ID.test(value) ? id(value) : value,
  ),
) as PrintMode[]

export const OBJECT_ID = id('object-1')
export const TASK_ID = id('task-1')
export const CART_ID = id('cart-1')

export const apiFile: AnalysisFile = { ...analysedFile, _id: OBJECT_ID, id: OBJECT_ID }

export type RecordedRequest = { method: string; path: string; headers: Record<string, string>; body: unknown }

export type FakeApiOptions = {
  /** The task answers in turn; the last one repeats. */
  tasks?: AnalysisTask[]
  /** Answer this path (method + path prefix) with an error code. */
  failures?: Array<{ method: string; path: string; code: ErrorCode; times?: number }>
  /** The stored cart's items (the cart id is stored in the test's storage). */
  cartItems?: CartItem[]
  /** 201 (logged in) or 401. */
  refreshStatus?: number
  /** The pricing answer instead of `priceBatch`'s (e.g. one that does not fit the request). */
  pricingAnswer?: (request: PricingBatchRequest) => PricingBatchResponse
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const errorResponse = (code: ErrorCode) =>
  json(errorStatus[code], { error: { code, status: errorStatus[code], message: code } })

const headersOf = (init: RequestInit | undefined): Record<string, string> =>
  Object.fromEntries(new Headers(init?.headers).entries())

/**
 * The answer on the wire (decision 0136) with a result for each requested param: pm-1 12.50 €, pm-2 34.00 €,
 * pm-3 6.90 € net per piece. A param without a finish or colour is answered with none (`filledIn`).
 */
export function priceBatch(request: PricingBatchRequest): PricingBatchResponse {
  const unitNet = (printModeId: string) =>
    printModeId === id('pm-2') ? 3_400 : printModeId === id('pm-3') ? 690 : 1_250
  const results = request.params.map((param) => {
    const {
      printModeId: _mode,
      surfaceFinishId: _finish,
      printModeColorId: _colour,
      ...result
    } = configurationPrice(
      param.printModeId,
      param.surfaceFinishId ?? null,
      param.printModeColorId ?? null,
      unitNet(param.printModeId),
      {},
      request.objectQuantity,
    )
    return result
  })
  const [selected] = results
  return {
    results: resultColumnsOf(results),
    resultOf: results.map((_result, index) => index),
    filledIn: request.params.flatMap((param, index) =>
      param.surfaceFinishId === undefined || param.printModeColorId === undefined
        ? [
            {
              param: index,
              surfaceFinishId: param.surfaceFinishId ?? null,
              printModeColorId: param.printModeColorId ?? null,
            },
          ]
        : [],
    ),
    printabilityForSelected: {
      printable: selected?.printable ?? false,
      tooLarge: false,
      tooSmall: false,
      price: selected?.linePrice ?? null,
    },
    printabilityForAll: { tooLarge: false },
  }
}

/** A cart item as the server would store it for an input. */
export function cartItemOf(itemId: string, input: CartItemInput): CartItem {
  const unitNet = input.printModeId === id('pm-2') ? 3_400 : input.printModeId === id('pm-3') ? 690 : 1_250
  const unitTax = Math.round(unitNet * 0.19)
  const lineNet = unitNet * input.quantity
  const lineTax = Math.round(lineNet * 0.19)
  return {
    _id: itemId,
    objectId: input.objectId,
    quantity: input.quantity,
    scale: input.scale,
    printModeId: input.printModeId,
    surfaceFinishId: input.surfaceFinishId ?? null,
    color: null,
    surfaceFinish: null,
    acknowledgedRepairInfo: input.acknowledgedRepairInfo,
    pricing: { netPrice: lineNet, totalPrice: lineNet + lineTax, calculatedTaxes: { netPrice: lineTax } },
    currentPrice: { netPrice: unitNet, totalPrice: unitNet + unitTax },
    thumbnail: null,
    model: {
      _id: input.objectId,
      name: apiFile.name,
      givenUnitOfLength: 'mm',
      dimensions: { x: 40, y: 20, z: 10 },
    },
    printMode: { id: input.printModeId },
    processingSteps: [],
    attachments: [],
  }
}

export function createFakeApi(options: FakeApiOptions = {}) {
  const requests: RecordedRequest[] = []
  const tasks = [...(options.tasks ?? [])]
  const failures = (options.failures ?? []).map((failure) => ({
    ...failure,
    left: failure.times ?? Infinity,
  }))
  let file = apiFile
  let items: CartItem[] = [...(options.cartItems ?? [])]
  let nextItem = items.length + 1
  const thumbnails: Blob[] = []

  const failureFor = (method: string, path: string) => {
    const failure = failures.find(
      (candidate) => candidate.method === method && path.startsWith(candidate.path),
    )
    if (!failure || failure.left <= 0) return null
    failure.left -= 1
    return errorResponse(failure.code)
  }

  const answer = (method: string, path: string, body: unknown): Response => {
    const failed = failureFor(method, path)
    if (failed) return failed
    if (method === 'POST' && path === '/api/auth/refresh')
      return new Response(null, { status: options.refreshStatus ?? 201 })
    if (method === 'POST' && path === '/api/analytx/demo')
      return json(201, { taskId: TASK_ID, createdObject: { _id: OBJECT_ID } })
    if (method === 'GET' && path.startsWith('/api/analytx/task/')) {
      const task = tasks.length > 1 ? tasks.shift() : tasks[0]
      return task ? json(200, task) : errorResponse('not_found')
    }
    if (path === `/api/analytx/file/${OBJECT_ID}`) {
      if (method === 'PATCH') file = { ...file, ...(body as Partial<AnalysisFile>) }
      return json(200, file)
    }
    if (method === 'GET' && path === '/api/print-modes') return json(200, { printModes: apiPrintModes })
    if (method === 'POST' && path === '/api/pricing/batch-calculations') {
      return json(200, (options.pricingAnswer ?? priceBatch)(body as PricingBatchRequest))
    }
    if (method === 'POST' && path === '/api/checkout/cart') return json(201, { _id: CART_ID })
    const cartPath = `/api/checkout/cart/${CART_ID}`
    if (method === 'GET' && path === cartPath) return json(200, { _id: CART_ID, items })
    if (method === 'POST' && path === `${cartPath}/item`) {
      const inputs = (body as { items: CartItemInput[] }).items
      const created = inputs.map((input) => cartItemOf(id(`item-${nextItem++}`), input))
      items = [...items, ...created]
      return json(201, { items, createdItems: created.map((item) => ({ _id: item._id })) })
    }
    const itemMatch = new RegExp(`^${cartPath}/item/([^/]+)$`).exec(path)
    if (itemMatch) {
      const itemId = decodeURIComponent(itemMatch[1] ?? '')
      if (method === 'DELETE') items = items.filter((item) => item._id !== itemId)
      if (method === 'PATCH') {
        const [patch] = (body as { items: Array<{ _id: string; quantity: number }> }).items
        items = items.map((item) =>
          item._id === itemId && patch
            ? cartItemOf(item._id, {
                objectId: item.objectId,
                quantity: patch.quantity,
                scale: item.scale,
                printModeId: item.printModeId,
                surfaceFinishId: item.surfaceFinishId,
                acknowledgedRepairInfo: item.acknowledgedRepairInfo,
              })
            : item,
        )
      }
      return json(200, { items })
    }
    return errorResponse('route_not_found')
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop.test',
    )
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
    requests.push({ method, path: url.pathname, headers: headersOf(init), body })
    // Let the caller's state settle first, as a network round trip would.
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError')
    return answer(method, url.pathname, body)
  }

  const upload: UploadTransport = async (request: UploadRequest) => {
    requests.push({ method: 'POST', path: request.url, headers: request.headers, body: request.fileName })
    request.onProgress?.(50)
    await new Promise((resolve) => setTimeout(resolve, 0))
    request.onProgress?.(100)
    const failed = failureFor('POST', request.url)
    if (failed) return { status: failed.status, body: await failed.text() }
    if (request.url === '/api/analytx/file/') {
      return { status: 201, body: JSON.stringify({ taskId: TASK_ID, createdObject: { _id: OBJECT_ID } }) }
    }
    if (request.url.endsWith('/thumbnail')) {
      thumbnails.push(request.file)
      return { status: 201, body: JSON.stringify({ items }) }
    }
    return { status: 404, body: '' }
  }

  return {
    fetch,
    upload,
    requests,
    thumbnails,
    /** The requests as `METHOD /path`, in order. */
    calls: () => requests.map((request) => `${request.method} ${request.path}`),
    items: () => items,
  }
}

export type FakeApi = ReturnType<typeof createFakeApi>
