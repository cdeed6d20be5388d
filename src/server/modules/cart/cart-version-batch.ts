/**
 * Asks for the current versions of many carts with one statement (docs/decisions/0079-cheap-cart-reads.md): the
 * reads that arrive while a lookup runs wait for the next one and share it. On the embedded database, which runs
 * one statement at a time and costs several engine round trips per statement, a statement per read caps the
 * reads a second; shared, one statement answers every read waiting. A lone read waits for nothing but its own
 * statement, so its latency is that of one query.
 */

export type LoadVersions = (cartIds: readonly string[]) => Promise<Map<string, string>>

export interface CartVersionBatch {
  /** The cart's current version, or undefined when the cart does not exist (any more). */
  version(cartId: string): Promise<string | undefined>
}

interface Waiting {
  resolve: (versions: Map<string, string>) => void
  reject: (error: unknown) => void
}

/** At most this many carts per statement (a bounded parameter); more wait for the next one. */
export const CART_VERSION_BATCH_MAX = 500

export function createCartVersionBatch(
  load: LoadVersions,
  maxBatch = CART_VERSION_BATCH_MAX,
): CartVersionBatch {
  const queued = new Map<string, Waiting[]>()
  let running = false
  let scheduled = false

  async function drain(): Promise<void> {
    running = true
    try {
      while (queued.size > 0) {
        const batch = new Map<string, Waiting[]>()
        for (const [cartId, waiting] of queued) {
          if (batch.size >= maxBatch) break
          batch.set(cartId, waiting)
        }
        for (const cartId of batch.keys()) queued.delete(cartId)
        try {
          const versions = await load([...batch.keys()])
          for (const waiting of batch.values()) for (const w of waiting) w.resolve(versions)
        } catch (error) {
          for (const waiting of batch.values()) for (const w of waiting) w.reject(error)
        }
      }
    } finally {
      running = false
    }
  }

  return {
    version(cartId) {
      return new Promise<Map<string, string>>((resolve, reject) => {
        const waiting = queued.get(cartId)
        if (waiting === undefined) queued.set(cartId, [{ resolve, reject }])
        else waiting.push({ resolve, reject })
        // Started after the I/O callbacks of this turn of the event loop: every request that arrived with this one
        // is queued by then (an embedded-database statement never yields to I/O, so starting at once would run one
        // statement per request).
        if (!running && !scheduled) {
          scheduled = true
          setImmediate(() => {
            scheduled = false
            void drain()
          })
        }
      }).then((versions) => versions.get(cartId))
    },
  }
}
