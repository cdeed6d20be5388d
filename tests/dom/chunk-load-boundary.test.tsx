import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadBoundary, isChunkLoadError } from '#client/common/chunk-load-boundary.tsx'
import { renderWithApp } from './render-app.tsx'

afterEach(cleanup)

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: http://shop.test/assets/model-preview-abc.js',
)

function Throws({ error }: { error: Error }): never {
  throw error
}

describe('a lazy chunk that cannot be loaded', () => {
  it('is told apart from other errors, in the wording of each browser', () => {
    expect(isChunkLoadError(chunkError)).toBe(true)
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true)
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('shows the localised message and reloads the page on request', async () => {
    // React reports the error its boundary caught.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { edges } = await renderWithApp(
      <ChunkLoadBoundary part="model">
        <Throws error={chunkError} />
      </ChunkLoadBoundary>,
      { locale: 'en' },
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The 3D view could not be loaded.')
    fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }))
    expect(edges.reloads).toBe(1)
    expect(reported).toHaveBeenCalled()
  })
})
