/**
 * A stand-in for the tag manager: it only records whether tracking is allowed (a data attribute on `<html>` and an
 * inert marker script) and never loads anything from the network. The real tag manager replaces it later.
 */
export type TagManager = {
  setEnabled(enabled: boolean): void
  isEnabled(): boolean
}

const MARKER_ID = 'tag-manager-consent'

export function createTagManager(doc: Document): TagManager {
  return {
    setEnabled(enabled) {
      doc.documentElement.dataset.tagManager = enabled ? 'enabled' : 'disabled'
      const marker = doc.getElementById(MARKER_ID)
      if (enabled && !marker) {
        const script = doc.createElement('script')
        script.id = MARKER_ID
        // type text/plain: the browser never executes or fetches it.
        script.type = 'text/plain'
        script.dataset.consent = 'granted'
        doc.head.append(script)
      } else if (!enabled && marker) {
        marker.remove()
      }
    },
    isEnabled() {
      return doc.documentElement.dataset.tagManager === 'enabled'
    },
  }
}
