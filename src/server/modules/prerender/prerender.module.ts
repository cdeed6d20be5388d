import type { FastifyBaseLogger } from 'fastify'
import type { ContentReads } from './content-fetch.ts'
import { createPrerenderService, type PrerenderService } from './prerender.service.ts'

export interface PrerenderModuleDeps {
  clientDir: string
  content: ContentReads
  publicUrl: string
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
}

export interface PrerenderModule {
  service: PrerenderService
}

/** Where `vite build --ssr` writes the SSR bundle: beside the SPA's folder, never in it (nothing there is public). */
export const ssrDirOf = (clientDir: string): string => `${clientDir.replace(/\/+$/, '')}-ssr`

/**
 * Content pages as HTML with their content (decision 0109); route-less: the SPA fallback
 * (`http/static-files.ts`) asks its service for a page before it sends the plain index.html.
 */
export function createPrerenderModule(deps: PrerenderModuleDeps): PrerenderModule {
  return {
    service: createPrerenderService({ ...deps, ssrDir: ssrDirOf(deps.clientDir) }),
  }
}
