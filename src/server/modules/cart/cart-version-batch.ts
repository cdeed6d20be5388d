/**
 * Asks for the current versions of many carts with one statement (docs/decisions/0079-cheap-cart-reads.md): the
 * reads that arrive in one turn of the event loop share one lookup, started once that turn's I/O callbacks have
 * run. On the embedded database, which runs one statement at a time and costs several engine round trips per
 * statement, a statement per read caps the reads a second; shared, one statement answers every read waiting. A
 * lookup only ever answers reads that arrived before it started, so it never reports a version older than what
 * the reader could already know. A lone read waits for nothing but its own statement.
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

export interface CartVersionBatchOptions {
  /** At most this many carts per statement (a bounded parameter); more go to the next one. */
  maxBatch?: number
  /**
   * Lookups running at once. On PostgreSQL a few overlap on the pool, so a read never waits for another turn's
   * round trip; on the embedded database they queue in the engine anyway.
   */
  maxInFlight?: number
}

export const CART_VERSION_BATCH_MAX = 500
export const CART_VERSION_LOOKUPS_IN_FLIGHT = 4

export function createCartVersionBatch(
  load: LoadVersions,
  options: CartVersionBatchOptions = {},
): CartVersionBatch {
  const maxBatch = options.maxBatch ?? CART_VERSION_BATCH_MAX
  const maxInFlight = options.maxInFlight ?? CART_VERSION_LOOKUPS_IN_FLIGHT
  const queued = new Map<string, Waiting[]>()
  let inFlight = 0
  let scheduled = false

  function takeBatch(): Map<string, Waiting[]> {
    const batch = new Map<string, Waiting[]>()
    for (const [cartId, waiting] of queued) {
      if (batch.size >= maxBatch) break
      batch.set(cartId, waiting)
    }
    for (const cartId of batch.keys()) queued.delete(cartId)
    return batch
  }

  function lookUp(batch: Map<string, Waiting[]>): void {
    inFlight++
    const settle = (outcome: (w: Waiting) => void) => {
      for (const waiting of batch.values()) for (const w of waiting) outcome(w)
    }
    void load([...batch.keys()])
      .then(
        (versions) => settle((w) => w.resolve(versions)),
        (error: unknown) => settle((w) => w.reject(error)),
      )
      .finally(() => {
        inFlight--
        if (queued.size > 0) schedule()
      })
  }

  function flush(): void {
    scheduled = false
    while (queued.size > 0 && inFlight < maxInFlight) lookUp(takeBatch())
  }

  // After the I/O callbacks of this turn of the event loop: every request that arrived with this one is queued by
  // then (an embedded-database statement never yields to I/O, so starting at once would run one per request).
  function schedule(): void {
    if (scheduled) return
    scheduled = true
    setImmediate(flush)
  }

  return {
    version(cartId) {
      return new Promise<Map<string, string>>((resolve, reject) => {
        const waiting = queued.get(cartId)
        if (waiting === undefined) queued.set(cartId, [{ resolve, reject }])
        else waiting.push({ resolve, reject })
        schedule()
      }).then((versions) => versions.get(cartId))
    },
  }
}
