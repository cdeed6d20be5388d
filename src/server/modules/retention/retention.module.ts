import type { StorageConfig } from '#server/config/env.ts'
import type { AnalysisModuleService } from '#server/modules/analysis/analysis.module.ts'
import type { CartModuleService } from '#server/modules/cart/cart.module.ts'
import {
  createRetentionJob,
  type RetentionJob,
  type RetentionLog,
} from '#server/modules/retention/retention.job.ts'

export type { RetentionJob, RetentionReport } from '#server/modules/retention/retention.job.ts'

export interface RetentionModuleDeps {
  storage: Pick<StorageConfig, 'uploadRetentionDays' | 'cartRetentionDays'>
  /** The cart module's service: it removes abandoned carts and their files. */
  carts: CartModuleService
  /** The analysis module's service: it removes expired uploads and their folders. */
  uploads: Pick<AnalysisModuleService, 'removeExpiredUploads' | 'removeUploadFolder'>
  log: RetentionLog
}

/** Route-less: the retention job (decision 0077), started and stopped by main.ts. */
export interface RetentionModule {
  service: RetentionJob
}

export function createRetentionModule(deps: RetentionModuleDeps): RetentionModule {
  return { service: createRetentionJob(deps) }
}
