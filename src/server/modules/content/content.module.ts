import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { Config } from '#server/config/env.ts'
import type { Db } from '#server/db/db.ts'
import { createContentRoutes } from '#server/modules/content/content.routes.ts'
import { createContentService, type ContentService } from '#server/modules/content/content.service.ts'
import { createExternalCmsSource } from '#server/modules/content/external-cms.source.ts'
import type { MailService } from '#server/modules/mail/mail.module.ts'

export interface ContentModuleDeps {
  db: Db
  config: Pick<Config, 'cmsUrl' | 'contactInbox'>
  mail: Pick<MailService, 'send'>
  log: Pick<FastifyBaseLogger, 'error'>
}

export interface ContentModule {
  plugin: FastifyPluginAsync
  service: ContentService
}

/** CMS pages, navigation and media (local or an external CMS) and the contact endpoint. */
export function createContentModule(deps: ContentModuleDeps): ContentModule {
  const { config } = deps
  const content = createContentService({
    db: deps.db,
    ...(config.cmsUrl === undefined
      ? {}
      : { externalCms: createExternalCmsSource({ baseUrl: config.cmsUrl }) }),
    mail: deps.mail,
    inbox: config.contactInbox,
    onMailError: (error, submissionId) =>
      deps.log.error({ err: error, submissionId }, 'contact mail not sent'),
  })
  return {
    async plugin(app) {
      // Migrations run between buildApp and listen (main.ts, tests), so the pages are seeded when the app gets ready.
      app.addHook('onReady', async () => {
        await content.seedIfEmpty()
      })
      await app.register(createContentRoutes({ content }))
    },
    service: content,
  }
}

/**
 * Writes the demo pages into an empty CMS table (what the module does when the app gets ready): for the first
 * start's child process (src/server/first-start/), which prepares the database before the server opens it.
 */
export function seedContentIfEmpty(db: Db): Promise<boolean> {
  return createContentService({ db }).seedIfEmpty()
}
