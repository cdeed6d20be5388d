/**
 * What a visitor does on a prerendered page before the SPA took it over (decision 0128): its buttons have no
 * handlers yet and the SPA's first commit replaces its markup. Clicks on controls, text typed into fields, dropped
 * files and the focus are recorded and done again on the SPA's markup, which shows the same page, so nothing the
 * visitor did is lost (event replay, as Angular's and Qwik's hydration do it).
 */

/** Controls that need the SPA; links work without it. */
const CONTROLS =
  'button, summary, [role="button"], input[type="checkbox"], input[type="radio"], input[type="file"]'
/** Fields whose text the SPA's markup would replace. */
const TYPED_FIELDS = 'input:not([type="radio"]):not([type="checkbox"]):not([type="file"]), textarea'
/** Elements found again after the take-over: controls, fields, and links (the focus may be on one). */
const FOCUSABLE = `${CONTROLS}, ${TYPED_FIELDS}, a[href]`

/** "The same" element in the SPA's markup: same tag, class and text, the same occurrence among those. */
type Signature = { tag: string; className: string; text: string; occurrence: number }

/** A field's ids and names come from React's useId and differ in the SPA: its label, placeholder and type do not. */
const textOf = (element: Element): string =>
  (
    element.getAttribute('aria-label') ??
    (element.matches(TYPED_FIELDS)
      ? `${element.getAttribute('type') ?? ''} ${element.getAttribute('placeholder') ?? ''} ${element.getAttribute('autocomplete') ?? ''}`
      : element.textContent) ??
    ''
  )
    .replace(/\s+/g, ' ')
    .trim()

const matches = (element: Element, signature: Omit<Signature, 'occurrence'>): boolean =>
  element.tagName === signature.tag &&
  element.className === signature.className &&
  textOf(element) === signature.text

const sameAs = (root: Element, base: Omit<Signature, 'occurrence'>): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((candidate) => matches(candidate, base))

function signatureOf(root: Element, element: Element): Signature {
  const base = { tag: element.tagName, className: element.className, text: textOf(element) }
  return { ...base, occurrence: Math.max(0, sameAs(root, base).indexOf(element as HTMLElement)) }
}

const find = (root: Element, signature: Signature): HTMLElement | null =>
  sameAs(root, signature)[signature.occurrence] ?? null

type Recorded =
  | { kind: 'click'; target: Signature }
  | { kind: 'type'; target: Signature; value: string }
  | { kind: 'drop'; files: File[]; x: number; y: number }

export type EarlyEvents = {
  /**
   * Stops recording and does the recorded events again on the SPA's markup in the same root (call it after the
   * SPA's first commit): the focus back on the same element, then the clicks, texts and dropped files in order.
   */
  replay(): void
}

const hasFiles = (event: DragEvent): boolean => event.dataTransfer?.types.includes('Files') === true

/** Sets a field's text so that React sees it: through the native setter, then an input event. */
function type(field: HTMLElement, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

function drop(doc: Document, root: HTMLElement, files: File[], x: number, y: number): void {
  const target = doc.elementFromPoint(x, y)
  if (target === null || !root.contains(target)) return
  const dataTransfer = new DataTransfer()
  for (const file of files) dataTransfer.items.add(file)
  const init = { bubbles: true, cancelable: true, clientX: x, clientY: y, dataTransfer }
  target.dispatchEvent(new DragEvent('dragover', init))
  target.dispatchEvent(new DragEvent('drop', init))
}

function replayOne(doc: Document, root: HTMLElement, event: Recorded): void {
  if (event.kind === 'drop') {
    drop(doc, root, event.files, event.x, event.y)
    return
  }
  const target = find(root, event.target)
  if (target === null) return
  if (event.kind === 'click') target.click()
  else type(target, event.value)
}

/** The listeners that record; `closest` finds the element an event is about, within the prerendered root. */
function recorders(recorded: Recorded[], root: HTMLElement, focus: (signature: Signature | null) => void) {
  const closest = (event: Event, selector: string): Element | null => {
    const element = event.target instanceof Element ? event.target.closest(selector) : null
    return element !== null && root.contains(element) ? element : null
  }
  return {
    click(event: MouseEvent) {
      const control = closest(event, CONTROLS)
      if (control === null) return
      // The control does nothing yet (a checkbox would toggle in markup about to go): the SPA's does it.
      event.preventDefault()
      recorded.push({ kind: 'click', target: signatureOf(root, control) })
    },
    input(event: Event) {
      const field = closest(event, TYPED_FIELDS)
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
      const target = signatureOf(root, field)
      const last = recorded.at(-1)
      // One entry per stretch of typing: the text as it stands.
      if (last?.kind === 'type' && matches(field, last.target)) recorded.pop()
      recorded.push({ kind: 'type', target, value: field.value })
    },
    focusin(event: FocusEvent) {
      const element = closest(event, FOCUSABLE)
      focus(element === null ? null : signatureOf(root, element))
    },
    // Without this the browser would open a dropped file itself, leaving the shop.
    dragover(event: DragEvent) {
      if (hasFiles(event)) event.preventDefault()
    },
    drop(event: DragEvent) {
      if (!hasFiles(event)) return
      event.preventDefault()
      recorded.push({
        kind: 'drop',
        files: [...(event.dataTransfer?.files ?? [])],
        x: event.clientX,
        y: event.clientY,
      })
    },
  }
}

/** Starts recording on `root`'s prerendered markup (`root` stays: the SPA renders into the same element). */
export function recordEarlyEvents(doc: Document, root: HTMLElement): EarlyEvents {
  const recorded: Recorded[] = []
  let focused: Signature | null = null
  const listeners = Object.entries(
    recorders(recorded, root, (signature) => {
      focused = signature
    }),
  ) as [string, EventListener][]
  for (const [name, listener] of listeners) doc.addEventListener(name, listener, true)
  return {
    replay() {
      for (const [name, listener] of listeners) doc.removeEventListener(name, listener, true)
      if (focused !== null) find(root, focused)?.focus()
      for (const event of recorded.splice(0)) replayOne(doc, root, event)
    },
  }
}
