import { useSyncExternalStore } from 'react'

/** Below this width the configure page is one column and the full price summary cannot stay in view (configure.css). */
const NARROW = '(max-width: 1023.98px)'

const subscribe = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(NARROW)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

// Without matchMedia (DOM tests) the wide layout: the short bar repeats the summary, so it is shown only where needed.
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches

/** Whether the configure page is in its one-column layout (phones and tablets), following window resizes. */
export function useNarrowLayout(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false)
}
