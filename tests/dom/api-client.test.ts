import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { AnalysisTaskSchema } from '#shared/contracts/analysis.contract.ts'
import { API_KEY_HEADER, LANGUAGE_HEADER, type Locale } from '#shared/domain/limits.ts'
import {
  abortError,
  ApiRequestError,
  createApiClient,
  type UploadTransport,
} from '#client/actors/api-client.ts'
import { createSessionGuard } from '#client/actors/api-session.ts'
import { createPrintModesActors } from '#client/actors/print-modes.actors.ts'
import { createXhrUpload } from '#client/actors/xhr-upload.ts'
import { apiPrintModes } from './fake-api.ts'

const never: UploadTransport = () => new Promise(() => {})
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

describe('api client', () => {
  it.each([
    ['de', 'DE'],
    ['en', 'GB'],
    ['fr', 'FR'],
  ] as const)('sends the language header of %s and the API key', async (locale: Locale, header) => {
    const fetch = vi.fn(async () => json(200, { ok: true }))
    const api = createApiClient({ fetch, upload: never, locale: () => locale, apiKey: 'key-1' })
    await api.get('/api/x', z.object({ ok: z.boolean() }))
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(new Headers(init.headers).get(LANGUAGE_HEADER)).toBe(header)
    expect(new Headers(init.headers).get(API_KEY_HEADER)).toBe('key-1')
  })

  it('sends no API key header without a key (the default white label)', async () => {
    const fetch = vi.fn(async () => json(200, {}))
    await createApiClient({ fetch, upload: never, locale: () => 'de' }).get('/api/x', z.object({}))
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(new Headers(init.headers).has(API_KEY_HEADER)).toBe(false)
  })

  it('rejects an answer that does not fit the contract', async () => {
    const api = createApiClient({
      fetch: async () => json(200, { taskId: 1 }),
      upload: never,
      locale: () => 'de',
    })
    await expect(api.get('/api/analytx/task/1', AnalysisTaskSchema)).rejects.toMatchObject({
      code: 'internal_error',
      status: 200,
    })
  })

  it("reads the API's error code, or derives one from the status", async () => {
    const body = { error: { code: 'file_too_large', status: 413, message: 'too large' } }
    const withBody = createApiClient({
      fetch: async () => json(413, body),
      upload: never,
      locale: () => 'de',
    })
    await expect(withBody.get('/api/x', z.object({}))).rejects.toMatchObject({
      code: 'file_too_large',
      status: 413,
    })
    const proxy = createApiClient({
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
      upload: never,
      locale: () => 'de',
    })
    await expect(proxy.get('/api/x', z.object({}))).rejects.toMatchObject({
      code: 'service_unavailable',
      status: 502,
    })
    const offline = createApiClient({
      fetch: async () => {
        throw new TypeError('Failed to fetch')
      },
      upload: never,
      locale: () => 'de',
    })
    await expect(offline.get('/api/x', z.object({}))).rejects.toBeInstanceOf(ApiRequestError)
  })
})

describe('api client: downloads (decision 0142)', () => {
  const client = (answer: () => Promise<Response>) =>
    createApiClient({ fetch: vi.fn(answer), upload: never, locale: () => 'fr' })

  it('hands over the file with the name its Content-Disposition gives', async () => {
    const pdf = new Response('%PDF-1.4', {
      status: 200,
      headers: {
        'content-disposition': `attachment; filename="Gr__e.pdf"; filename*=UTF-8''Gr%C3%B6%C3%9Fe.pdf`,
      },
    })
    const file = await client(async () => pdf).download('/api/checkout/order/o-1/document.pdf')
    expect(file.fileName).toBe('Größe.pdf')
    expect(await file.blob.text()).toBe('%PDF-1.4')
    const unnamed = await client(async () => new Response('x', { status: 200 })).download('/api/x')
    expect(unnamed.fileName).toBeNull()
  })

  it("rejects a refused file with the API's code, and a missing answer as unavailable", async () => {
    const gone = { error: { code: 'not_found', status: 404, message: 'Not found' } }
    await expect(client(async () => json(404, gone)).download('/api/x')).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
    })
    const offline = client(async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(offline.download('/api/x')).rejects.toMatchObject({
      code: 'service_unavailable',
      status: null,
    })
  })

  it('sends the language header, so the error comes in the page language', async () => {
    const fetch = vi.fn(async () => new Response('x', { status: 200 }))
    await createApiClient({ fetch, upload: never, locale: () => 'fr' }).download('/api/x')
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(new Headers(init.headers).get(LANGUAGE_HEADER)).toBe('FR')
  })
})

describe('api client: session rule (403 → refresh → retry → login)', () => {
  const setup = (answers: number[], refreshStatus: number) => {
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      if (String(input) === '/api/auth/refresh') return new Response(null, { status: refreshStatus })
      const status = answers.shift() ?? 200
      return status === 200
        ? json(200, { ok: true })
        : json(status, { error: { code: 'forbidden', status, message: '' } })
    })
    const redirectToLogin = vi.fn()
    const notifySessionExpired = vi.fn()
    const api = createApiClient({
      fetch,
      upload: never,
      locale: () => 'de',
      withSession: createSessionGuard({
        refresh: async (signal) => {
          const response = await fetch('/api/auth/refresh', { method: 'POST', signal })
          return { loggedIn: response.status === 201 }
        },
        redirectToLogin,
        notifySessionExpired,
        returnTo: () => '/cart',
      }),
    })
    return { api, fetch, redirectToLogin, notifySessionExpired }
  }

  it('refreshes the session after a 403 and retries once', async () => {
    const { api, fetch, redirectToLogin } = setup([403, 200], 201)
    await expect(api.get('/api/checkout/cart/1', z.object({ ok: z.boolean() }))).resolves.toEqual({
      ok: true,
    })
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/checkout/cart/1',
      '/api/auth/refresh',
      '/api/checkout/cart/1',
    ])
    expect(redirectToLogin).not.toHaveBeenCalled()
  })

  it('sends the user to the login page when the refresh is refused', async () => {
    const { api, redirectToLogin, notifySessionExpired } = setup([403], 401)
    await expect(api.get('/api/checkout/cart/1', z.object({}))).rejects.toMatchObject({ status: 403 })
    expect(redirectToLogin).toHaveBeenCalledExactlyOnceWith('/cart')
    expect(notifySessionExpired).toHaveBeenCalledTimes(1)
  })

  it('gives up after a second 403', async () => {
    const { api, fetch, redirectToLogin } = setup([403, 403], 201)
    await expect(api.get('/api/x', z.object({}))).rejects.toMatchObject({ code: 'forbidden' })
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(redirectToLogin).toHaveBeenCalledTimes(1)
  })

  it('cancels the call when the caller aborts', async () => {
    let requestSignal: AbortSignal | undefined
    const api = createApiClient({
      fetch: (_input, init) => {
        requestSignal = init?.signal ?? undefined
        return new Promise(() => {})
      },
      upload: never,
      locale: () => 'de',
      withSession: createSessionGuard({
        refresh: async () => ({ loggedIn: true }),
        redirectToLogin: () => {},
        notifySessionExpired: () => {},
        returnTo: () => '/',
      }),
    })
    const controller = new AbortController()
    const call = api.get('/api/x', z.object({}), { signal: controller.signal })
    await vi.waitFor(() => expect(requestSignal).toBeDefined())
    controller.abort()
    await expect(call).rejects.toMatchObject({ name: 'AbortError' })
    expect(requestSignal?.aborted).toBe(true)
  })
})

/** A minimal XMLHttpRequest: records what is sent, lets the test report progress and answer. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined
  readonly upload = new EventTarget()
  readonly headers: Record<string, string> = {}
  method = ''
  url = ''
  body: FormData | undefined
  status = 0
  responseText = ''
  aborted = false
  constructor() {
    super()
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
  }
  abort() {
    this.aborted = true
    this.dispatchEvent(new Event('abort'))
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total })
    this.upload.dispatchEvent(event)
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.dispatchEvent(new Event('load'))
  }
}

describe('xhr upload', () => {
  const create = () => createXhrUpload(() => new FakeXhr() as unknown as XMLHttpRequest)
  const file = new File(['solid'], 'bracket.stl')

  it('posts the file as multipart field `file` with the headers and reports progress', async () => {
    const progress: number[] = []
    const result = create()({
      url: '/api/analytx/file/',
      headers: { [LANGUAGE_HEADER]: 'DE' },
      field: 'file',
      file,
      fileName: file.name,
      onProgress: (percent) => progress.push(percent),
    })
    const xhr = FakeXhr.last
    if (!xhr) throw new Error('no request')
    expect([xhr.method, xhr.url, xhr.headers[LANGUAGE_HEADER]]).toEqual(['POST', '/api/analytx/file/', 'DE'])
    expect((xhr.body?.get('file') as File).name).toBe('bracket.stl')
    xhr.progress(25, 100)
    xhr.progress(100, 100)
    xhr.answer(201, { taskId: 't' })
    await expect(result).resolves.toEqual({ status: 201, body: '{"taskId":"t"}' })
    expect(progress).toEqual([25, 100])
  })

  it('aborts the request when the signal aborts', async () => {
    const controller = new AbortController()
    const result = create()({
      url: '/u',
      headers: {},
      field: 'file',
      file,
      fileName: 'a.stl',
      signal: controller.signal,
    })
    controller.abort()
    await expect(result).rejects.toEqual(abortError())
    expect(FakeXhr.last?.aborted).toBe(true)
  })
})

describe('print modes', () => {
  it('loads the catalogue once and again on request', async () => {
    const fetch = vi.fn(async () => json(200, { printModes: apiPrintModes }))
    const api = createApiClient({ fetch, upload: never, locale: () => 'de' })
    const actor = createActor(createPrintModesActors({ api })).start()
    // Nothing is fetched until something needs the catalogue (decision 0111).
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'printModes.load' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'))
    expect(actor.getSnapshot().context.printModes.map((mode) => mode.name)).toEqual([
      'PA12 – Lasersintern',
      'Resin – Stereolithografie',
      'PLA – Schmelzschichtung',
    ])
    actor.send({ type: 'printModes.reload' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'))
    expect(fetch).toHaveBeenCalledTimes(2)
    actor.stop()
  })

  it('fails with the error code and retries', async () => {
    let calls = 0
    const api = createApiClient({
      fetch: async () => (++calls === 1 ? json(503, {}) : json(200, { printModes: apiPrintModes })),
      upload: never,
      locale: () => 'de',
    })
    const actor = createActor(createPrintModesActors({ api })).start()
    // Nothing is fetched until something needs the catalogue (decision 0111).
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'printModes.load' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'))
    expect(actor.getSnapshot().context.error).toBe('service_unavailable')
    actor.send({ type: 'printModes.retry' })
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('ready'))
    actor.stop()
  })
})
