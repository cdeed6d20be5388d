import { describe, expect, it } from 'vitest'
import { isApiPath } from '#server/http/api-path.ts'

describe('isApiPath', () => {
  it('takes /api, what lies below it and its query', () => {
    for (const url of ['/api', '/api/', '/api/health/live', '/api?x=1', '/api/cart?lang=en'])
      expect(isApiPath(url), url).toBe(true)
  })

  it('leaves pages, files and look-alike paths to the page set', () => {
    for (const url of [
      '/',
      '/en/',
      '/cart',
      '/apis',
      '/api-docs',
      '/apix/y',
      '/assets/api.js',
      '/kontakt?api=1',
    ])
      expect(isApiPath(url), url).toBe(false)
  })
})
