/** Takes a PNG of the 3D preview as it is now; null when it cannot. */
export type PreviewCapture = () => Promise<Blob | null>

/**
 * The preview image of the current item (spec part 1 §4 "Preview image"): the 3D view stores one whenever the model
 * or its colour changes, and "add to cart" takes a fresh one for the cart item. Browser I/O, so it lives in the client
 * and reaches the configure machine through its `capturePreview` / `uploadPreview` actions.
 */
export type PreviewStore = {
  latest(): Blob | null
  store(image: Blob): void
  /** The mounted 3D view registers how to take a picture (null when it unmounts). */
  setCapture(capture: PreviewCapture | null): void
  /** A fresh picture while the 3D view shows, else the last stored one. */
  take(): Promise<Blob | null>
}

export function createPreviewStore(): PreviewStore {
  let latest: Blob | null = null
  let capture: PreviewCapture | null = null
  return {
    latest: () => latest,
    store(image) {
      latest = image
    },
    setCapture(next) {
      capture = next
    },
    async take() {
      const fresh = capture ? await capture().catch(() => null) : null
      if (fresh) latest = fresh
      return latest
    },
  }
}

/** One preview store per configured file: a new file starts without a picture. */
export type PreviewStores = {
  forFile(objectId: string): PreviewStore
}

export function createPreviewStores(): PreviewStores {
  let current: { objectId: string; store: PreviewStore } | null = null
  return {
    forFile(objectId) {
      if (current?.objectId !== objectId) {
        current?.store.setCapture(null)
        current = { objectId, store: createPreviewStore() }
      }
      return current.store
    },
  }
}
