import { afterEach, vi } from 'vitest'

// An unexpected console.error is a bug (React warnings, failed prop types, swallowed promise errors):
// collect them during a test and fail it at the end.
const errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

afterEach(() => {
  const seen = errors.splice(0)
  vi.restoreAllMocks()
  if (seen.length > 0) {
    throw new Error(
      `console.error was called ${seen.length} time(s): ${seen.map((a) => String(a[0])).join(' | ')}`,
    )
  }
})
