import { Window } from 'happy-dom'

/**
 * CMS bodytext is parsed with `DOMParser` (`features/cms/bodytext.tsx`), which Node lacks: the server render uses
 * happy-dom's, an HTML5 parser like the browser's, so both build the same elements from the same text. happy-dom runs
 * no scripts and loads nothing here (a parser only, no page is navigated).
 */
export function provideDomParser(): void {
  if (typeof globalThis.DOMParser !== 'undefined') return
  const window = new Window()
  globalThis.DOMParser = window.DOMParser as unknown as typeof DOMParser
}
