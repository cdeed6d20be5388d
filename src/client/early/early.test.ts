import { afterEach, describe, expect, it } from 'vitest'
import { firstIntent, startsAtOnce } from './boot-trigger.ts'
import { recordEarlyEvents } from './event-replay.ts'

const PRERENDERED = `
  <header><a href="/cart">Warenkorb</a><button type="button" class="burger" aria-label="Menü">≡</button></header>
  <main><button type="button" class="button button--primary">3D-Datei auswählen</button>
  <input type="checkbox" class="choice"></main>`

function prerender(markup = PRERENDERED): HTMLElement {
  document.body.innerHTML = `<div id="root">${markup}</div>`
  return document.getElementById('root')!
}

/** What the SPA's first commit does: the same page, new elements with handlers, in the same root. */
function takeOver(root: HTMLElement, log: string[]): void {
  root.innerHTML = PRERENDERED
  for (const control of root.querySelectorAll('button, input'))
    control.addEventListener('click', () => log.push(control.getAttribute('aria-label') ?? control.className))
}

afterEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  window.location.hash = ''
})

describe('when the SPA starts over a prerendered page (decision 0128)', () => {
  it('waits for the visitor on a page to read, with links and buttons only', () => {
    prerender()
    expect(startsAtOnce(window)).toBe(false)
  })

  it('starts at once without prerendered markup, for a cart or a configuration, for the cookie link', () => {
    prerender('')
    expect(startsAtOnce(window)).toBe(true)
    prerender(`${PRERENDERED}<input type="email" name="email">`)
    expect(startsAtOnce(window)).toBe(false)
    prerender()
    window.localStorage.setItem('cartId', 'c1')
    expect(startsAtOnce(window)).toBe(true)
    window.localStorage.clear()
    window.sessionStorage.setItem('schichtwerk.configuration', '{}')
    expect(startsAtOnce(window)).toBe(true)
    window.sessionStorage.clear()
    window.location.hash = '#cookie-consent'
    expect(startsAtOnce(window)).toBe(true)
  })

  it('resolves on the first sign of use, not before', async () => {
    let started = false
    const intent = firstIntent(window).then(() => {
      started = true
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(started).toBe(false)
    window.dispatchEvent(new Event('pointermove'))
    await intent
    expect(started).toBe(true)
  })
})

describe('what the visitor did before the take-over', () => {
  it('is done again on the SPA markup: the clicks in order, the focus on the same control', () => {
    const root = prerender()
    const early = recordEarlyEvents(document, root)
    const upload = root.querySelector<HTMLButtonElement>('.button--primary')!
    upload.focus()
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    upload.dispatchEvent(click)
    root.querySelector<HTMLElement>('.burger')!.click()
    expect(click.defaultPrevented).toBe(true)

    const log: string[] = []
    takeOver(root, log)
    early.replay()
    expect(log).toEqual(['button button--primary', 'Menü'])
    expect(document.activeElement).toBe(root.querySelector('.button--primary'))
  })

  it('puts the text typed before the take-over into the SPA field, seen as input', () => {
    const markup = `<footer><input type="email" id="s1" placeholder="name@beispiel.de" autocomplete="email"></footer>`
    const root = prerender(markup)
    const early = recordEarlyEvents(document, root)
    const field = root.querySelector('input')!
    field.focus()
    for (const value of ['m', 'ma', 'max@example.com']) {
      field.value = value
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
    // The SPA's field has another id (React's useId) and sees the text through an input event.
    root.innerHTML = markup.replace('id="s1"', 'id="c1"')
    const seen: string[] = []
    root
      .querySelector('input')!
      .addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value))
    early.replay()
    expect(seen).toEqual(['max@example.com'])
    expect(document.activeElement).toBe(root.querySelector('#c1'))
  })

  it('leaves links alone and stops recording once replayed', () => {
    const root = prerender()
    const early = recordEarlyEvents(document, root)
    let linkPrevented: boolean | undefined
    // Last in the event's path: sees whether the recorder stopped the link, then keeps the test page in place.
    const onLink = (event: Event) => {
      linkPrevented = event.defaultPrevented
      event.preventDefault()
    }
    window.addEventListener('click', onLink)
    root.querySelector('a')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    window.removeEventListener('click', onLink)
    expect(linkPrevented).toBe(false)
    const log: string[] = []
    takeOver(root, log)
    early.replay()
    root.querySelector<HTMLElement>('.choice')!.click()
    expect(log).toEqual(['choice'])
  })

  it('drops a click whose control the SPA does not show', () => {
    const root = prerender()
    const early = recordEarlyEvents(document, root)
    root.querySelector<HTMLElement>('.choice')!.click()
    root.innerHTML = '<main>Andere Seite</main>'
    expect(() => early.replay()).not.toThrow()
  })
})
