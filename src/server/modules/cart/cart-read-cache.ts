import type { Locale } from '#shared/domain/limits.ts'

/**
 * The carts this process answered last, as the JSON text they were answered with
 * (docs/decisions/0079-cheap-cart-reads.md). An entry is only ever used for the cart version (the cart row's
 * `xmin`) and the catalogue revision it was computed at, so a change of the cart (here or in another process) or
 * of the catalogue makes it unusable; nothing expires by time. Bounded by the text it holds: the least recently
 * used cart goes first.
 */

/** 16 M characters (about 16 MB): some 8,000 carts of a few items; a full 100-item cart is about 150 K. */
export const CART_READ_CACHE_MAX_CHARS = 16 * 1024 * 1024

interface Entry {
  version: string
  catalogueRevision: number
  /** One answer per language asked for (print-mode, finish and step names are localised). */
  views: Map<Locale, string>
  chars: number
}

export interface CartReadCache {
  /** The answer computed at `catalogueRevision` for this cart and language, with the cart version it showed. */
  get(
    cartId: string,
    locale: Locale,
    catalogueRevision: number,
  ): { version: string; json: string } | undefined
  put(
    cartId: string,
    locale: Locale,
    answer: { version: string; catalogueRevision: number; json: string },
  ): void
  /** Drops the cart (after a change in this process: the memory is better used elsewhere). */
  forget(cartId: string): void
  /** Characters of JSON held. */
  readonly chars: number
}

export function createCartReadCache(maxChars = CART_READ_CACHE_MAX_CHARS): CartReadCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>()
  let chars = 0

  const remove = (cartId: string) => {
    const entry = entries.get(cartId)
    if (entry === undefined) return
    entries.delete(cartId)
    chars -= entry.chars
  }

  return {
    get(cartId, locale, catalogueRevision) {
      const entry = entries.get(cartId)
      if (entry === undefined || entry.catalogueRevision !== catalogueRevision) return undefined
      const json = entry.views.get(locale)
      if (json === undefined) return undefined
      entries.delete(cartId)
      entries.set(cartId, entry)
      return { version: entry.version, json }
    },

    put(cartId, locale, { version, catalogueRevision, json }) {
      if (json.length > maxChars) return
      const known = entries.get(cartId)
      const sameBasis =
        known !== undefined && known.version === version && known.catalogueRevision === catalogueRevision
      const entry: Entry = sameBasis ? known : { version, catalogueRevision, views: new Map(), chars: 0 }
      remove(cartId)
      entry.chars += json.length - (entry.views.get(locale)?.length ?? 0)
      entry.views.set(locale, json)
      entries.set(cartId, entry)
      chars += entry.chars
      for (const oldest of entries.keys()) {
        if (chars <= maxChars) break
        remove(oldest)
      }
    },

    forget: remove,

    get chars() {
      return chars
    },
  }
}
