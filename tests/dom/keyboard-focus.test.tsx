import { cleanup, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { repairedTinyFile } from '#machines/upload/upload.fixtures.ts'
import { UPLOAD_INPUT_ATTRIBUTE } from '#client/actors/file-picker.ts'
import { RepairDialog } from '#client/features/configure/repair-dialog.tsx'
import { UploadHero } from '#client/features/upload/upload-hero.tsx'
import { bracketItem } from '#client/testing/shop-fixtures.ts'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(cleanup)

const LONG = { timeout: 15_000 }

// The first render transforms the app's chunks: leave room on a busy machine.
describe('keyboard and focus (issue 14, item 9)', { timeout: 30_000 }, () => {
  it('Enter on "3D-Datei auswählen" opens the file dialog once', async () => {
    await renderWithApp(<UploadHero />, { states: { upload: 'idle' } })
    const button = await screen.findByRole('button', { name: '3D-Datei auswählen' }, LONG)
    const input = document.querySelector<HTMLInputElement>(`input[${UPLOAD_INPUT_ATTRIBUTE}]`)
    if (!input) throw new Error('no upload input')
    let opened = 0
    input.addEventListener('click', (event) => {
      event.preventDefault()
      opened += 1
    })
    button.focus()
    await userEvent.keyboard('{Enter}')
    expect(opened).toBe(1)
  })

  it('each configure step puts the focus on its heading', async () => {
    await renderApp({ path: '/', configure: { state: 'materials:pm-1', pricing: 'printable' } })
    const materials = await screen.findByRole(
      'heading',
      { level: 2, name: 'Material und Druckverfahren' },
      LONG,
    )
    await waitFor(() => expect(document.activeElement).toBe(materials))
    await userEvent.click(screen.getByRole('button', { name: 'Oberfläche wählen' }))
    const finishes = await screen.findByRole('heading', { level: 2, name: 'Oberfläche und Farbe' })
    await waitFor(() => expect(document.activeElement).toBe(finishes))
  })

  it('the cart page puts the focus on its heading', async () => {
    await renderApp({ path: '/cart', cartItems: [bracketItem], states: { orderProcess: 'viewCart' } })
    const heading = await screen.findByRole('heading', { level: 1 }, LONG)
    await waitFor(() => expect(document.activeElement).toBe(heading))
  })

  it('closing the repair report gives the focus back to its opener', async () => {
    const { repairInfo } = repairedTinyFile
    if (!repairInfo) throw new Error('the fixture has no repair info')
    const info = repairInfo
    function ReportOpener() {
      const [isOpen, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Reparaturbericht öffnen
          </button>
          {isOpen && (
            <RepairDialog file={repairedTinyFile} repairInfo={info} onClose={() => setOpen(false)} />
          )}
        </>
      )
    }
    await renderWithApp(<ReportOpener />)
    const opener = await screen.findByRole('button', { name: 'Reparaturbericht öffnen' }, LONG)
    await userEvent.click(opener)
    await userEvent.click(await screen.findByRole('button', { name: 'Reparaturbericht schließen' }))
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })

  it('Escape closes the burger menu and returns to the burger button', async () => {
    await renderApp({ path: '/' })
    const burger = await screen.findByRole('button', { name: 'Menü öffnen' }, LONG)
    await userEvent.click(burger)
    expect(burger.getAttribute('aria-expanded')).toBe('true')
    await userEvent.keyboard('{Escape}')
    expect(burger.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(burger)
  })
})
