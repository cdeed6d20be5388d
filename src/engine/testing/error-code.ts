import { AnalysisError, type AnalysisErrorCode } from '#engine/analysis-error.ts'

/** For tests: the engine error code `run` throws, or undefined when it returns. Any other error is rethrown. */
export function errorCodeOf(run: () => unknown): AnalysisErrorCode | undefined {
  try {
    run()
  } catch (error) {
    if (error instanceof AnalysisError) return error.code
    throw error
  }
  return undefined
}
