import { type MouseEvent } from 'react'

/**
 * A click the browser handles itself: another button than the left one, or a modifier (new tab, new window, save as).
 * Links the page takes over (in-app navigation, downloads) leave these to the browser.
 */
export function opensElsewhere(event: MouseEvent): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0
}
