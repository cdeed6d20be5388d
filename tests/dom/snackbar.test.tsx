import { cleanup, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { NOTIFICATION_KINDS } from '#machines/notifications/notification-messages.ts'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { renderWithApp } from './render-app.tsx'

afterEach(cleanup)

describe('snackbar', () => {
  it('is an empty live region while nothing is shown', async () => {
    await renderWithApp(<Snackbar />)
    const region = await screen.findByRole('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    expect(region.textContent).toBe('')
  })

  it('shows title and text of the current notification', async () => {
    await renderWithApp(<Snackbar />, { notification: { kind: 'success', message: 'logout-success' } })
    const region = await screen.findByRole('status')
    expect(region.textContent).toContain('Logout erfolgreich')
    expect(region.textContent).toContain('Sie wurden erfolgreich ausgeloggt.')
  })

  it.each(NOTIFICATION_KINDS)('announces the kind %s', async (kind) => {
    const labels = { success: 'Erfolg', warning: 'Warnung', danger: 'Fehler', info: 'Hinweis' } as const
    await renderWithApp(<Snackbar />, { notification: { kind, message: 'generic-warning' } })
    expect((await screen.findByRole('status')).textContent).toContain(`${labels[kind]}: `)
  })

  it('closes with its close button and shows the next queued one', async () => {
    const { actors } = await renderWithApp(<Snackbar />, {
      notification: { kind: 'success', message: 'logout-success' },
    })
    actors.notifications.send({
      type: 'notify.show',
      notification: { kind: 'warning', message: 'upload-failed' },
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Meldung schließen' }))
    expect((await screen.findByRole('status')).textContent).toContain(
      'Hier scheint ein Fehler aufgetreten zu sein.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Meldung schließen' }))
    expect(screen.getByRole('status').textContent).toBe('')
  })
})
