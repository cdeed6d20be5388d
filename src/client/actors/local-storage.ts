import { type z } from 'zod'

/** Reads a JSON value from storage and parses it; null when absent, unreadable or invalid. */
export function readStoredJson<T>(storage: Storage, key: string, schema: z.ZodType<T>): T | null {
  const raw = storage.getItem(key)
  if (raw === null) return null
  try {
    const parsed = schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function writeStoredJson(storage: Storage, key: string, value: unknown): void {
  storage.setItem(key, JSON.stringify(value))
}
