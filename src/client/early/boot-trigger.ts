import { CONFIGURATION_STORAGE_KEY } from '#client/actors/configuration-storage-key.ts'
import { CART_ID_STORAGE_KEY } from '#shared/contracts/cart-storage-key.ts'

/**
 * When the SPA starts over a prerendered page (decision 0128): the page is readable and its links work without it,
 * so a first-time visitor who only looks pays for no script; the SPA starts with the first sign that the visitor is
 * about to use the page, or at once when the page is of no use without it.
 */

/** Signs of a visitor about to act: the SPA is requested on the first of them. */
export const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  // A file dragged in from the desktop moves no pointer over the page (the drag suppresses pointer events).
  'dragenter',
] as const

const hasItem = (storage: () => Storage, key: string): boolean => {
  try {
    return storage().getItem(key) !== null
  } catch {
    // Storage blocked: nothing can be stored either.
    return false
  }
}

/**
 * True when the SPA must start at once: no prerendered markup (nothing to show without it), a link that opens the
 * cookie settings, or a returning shopper whose cart (header count) or configuration (restored after a reload) only
 * the SPA can show. A form does not: focusing a field starts the SPA, and the text typed meanwhile is replayed.
 */
export function startsAtOnce(win: Window): boolean {
  const root = win.document.getElementById('root')
  if (root?.firstElementChild == null) return true
  if (win.location.hash === '#cookie-consent') return true
  return (
    hasItem(() => win.localStorage, CART_ID_STORAGE_KEY) ||
    hasItem(() => win.sessionStorage, CONFIGURATION_STORAGE_KEY)
  )
}

/** Resolves on the first intent event (capture phase, passive: the event itself goes on as it would). */
export function firstIntent(win: Window): Promise<void> {
  return new Promise((resolve) => {
    const options = { capture: true, passive: true } as const
    const fire = () => {
      for (const type of INTENT_EVENTS) win.removeEventListener(type, fire, options)
      resolve()
    }
    for (const type of INTENT_EVENTS) win.addEventListener(type, fire, options)
  })
}
