import { cleanup, screen, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  browserFamilyOf,
  DEFAULT_NOTICES_CONFIG,
  isHolidayNoticeDue,
  type NoticesConfig,
  readNoticesConfig,
} from '#client/features/notices/notices-config.ts'
import { withoutDisabledNotices } from '#client/features/notices/notice-filter.ts'
import { SiteNotices } from '#client/features/notices/site-notices.tsx'
import { WELCOME_SEEN_STORAGE_KEY, welcomeNoticeOf } from '#client/features/notices/welcome-notice.ts'
import { createMemoryStorage } from '#client/testing/memory-storage.ts'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(cleanup)

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'
const notices = (config: Partial<NoticesConfig>): NoticesConfig => ({ ...DEFAULT_NOTICES_CONFIG, ...config })

describe('notice configuration', () => {
  it('reads the VITE_NOTICE_* variables and keeps the defaults for missing or unknown values', () => {
    expect(readNoticesConfig({})).toEqual(DEFAULT_NOTICES_CONFIG)
    expect(
      readNoticesConfig({
        VITE_NOTICE_HOLIDAY_LEAVE: '2026-12-23..2027-01-06',
        VITE_NOTICE_SUPPLIER_CHANGE: 'on',
        VITE_NOTICE_FILE_REPAIRING: 'false',
        VITE_NOTICE_UPLOAD_DIFFICULTIES: 'Safari',
        VITE_NOTICE_WELCOME: 'no',
        VITE_NOTICE_WELCOME_AMOUNT: '15',
        VITE_NOTICE_WELCOME_CODE: 'JOMATIK15',
        VITE_NOTICE_OUTDATED_BROWSER: '0',
      }),
    ).toEqual({
      holidayLeave: { from: '2026-12-23', until: '2027-01-06' },
      supplierChange: true,
      fileRepairing: false,
      uploadDifficulties: 'safari',
      welcome: false,
      welcomeDefaults: { amount: 15, code: 'JOMATIK15' },
      outdatedBrowser: false,
    })
    expect(
      readNoticesConfig({
        VITE_NOTICE_HOLIDAY_LEAVE: '2027-01-06..2026-12-23',
        VITE_NOTICE_SUPPLIER_CHANGE: 'maybe',
        VITE_NOTICE_UPLOAD_DIFFICULTIES: 'netscape',
        VITE_NOTICE_WELCOME_AMOUNT: '150',
        VITE_NOTICE_WELCOME_CODE: '<b>',
      }),
    ).toEqual(DEFAULT_NOTICES_CONFIG)
  })

  it('shows the holiday notice until its last day has passed', () => {
    const holiday = { from: '2026-12-23', until: '2027-01-06' }
    expect(isHolidayNoticeDue(holiday, new Date(2026, 11, 1))).toBe(true)
    expect(isHolidayNoticeDue(holiday, new Date(2027, 0, 6, 23, 59))).toBe(true)
    expect(isHolidayNoticeDue(holiday, new Date(2027, 0, 7))).toBe(false)
    expect(isHolidayNoticeDue(null, new Date(2026, 11, 1))).toBe(false)
  })

  it('tells browsers apart (Chrome and Edge also say Safari)', () => {
    expect(browserFamilyOf(SAFARI)).toBe('safari')
    expect(browserFamilyOf(CHROME)).toBe('chrome')
    expect(browserFamilyOf(`${CHROME} Edg/126.0`)).toBe('edge')
    expect(browserFamilyOf('Mozilla/5.0 (X11; Linux) Gecko/20100101 Firefox/128.0')).toBe('firefox')
  })

  it('drops the file-being-repaired notification when it is switched off', () => {
    const sent: unknown[] = []
    const target = { send: (event: unknown) => sent.push(event) } as Parameters<
      typeof withoutDisabledNotices
    >[0]
    const repairing = {
      type: 'notify.show',
      notification: { kind: 'warning', message: 'upload-repairing' },
    } as const
    const other = {
      type: 'notify.show',
      notification: { kind: 'warning', message: 'upload-failed' },
    } as const
    withoutDisabledNotices(target, notices({ fileRepairing: false })).send(repairing)
    withoutDisabledNotices(target, notices({ fileRepairing: false })).send(other)
    withoutDisabledNotices(target, notices({})).send(repairing)
    expect(sent).toEqual([other, repairing])
  })
})

describe('notices', () => {
  it('shows nothing by default', async () => {
    const { container } = await renderWithApp(<SiteNotices userAgent={SAFARI} />, {
      notices: DEFAULT_NOTICES_CONFIG,
    })
    expect(container.querySelector('.site-notices')).toBeNull()
  })

  it('shows the holiday leave and the supplier change when configured, each one closable', async () => {
    await renderWithApp(<SiteNotices userAgent={CHROME} now={new Date(2026, 11, 1)} />, {
      notices: notices({ holidayLeave: { from: '2026-12-23', until: '2027-01-06' }, supplierChange: true }),
    })
    const region = screen.getByRole('complementary', { name: 'Hinweise' })
    const holiday = within(region).getByRole('note', { name: 'Betriebsurlaub' })
    expect(holiday.textContent).toContain(
      'Vom 23. Dezember 2026 bis 6. Januar 2027 ist unsere Werkstatt geschlossen.',
    )
    expect(within(region).getByRole('note', { name: 'Neuer Vertragspartner' }).textContent).toContain(
      'Ab dem 13. Januar 2025',
    )
    await userEvent.click(within(holiday).getByRole('button', { name: 'Hinweis schließen' }))
    expect(screen.queryByRole('note', { name: 'Betriebsurlaub' })).toBeNull()
  })

  it('warns about upload difficulties only users of that browser, on the home page', async () => {
    const config = notices({ uploadDifficulties: 'safari' })
    const userAgent = vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(SAFARI)
    await renderApp({ path: '/', notices: config })
    const note = await screen.findByRole('note', { name: 'Probleme beim Hochladen mit Safari' })
    expect(note.textContent).toContain('Bitte verwenden Sie bis dahin einen anderen Browser.')
    cleanup()
    await renderApp({ path: '/cart', notices: config })
    await screen.findByRole('heading', { level: 1, name: 'Warenkorb' })
    expect(screen.queryByRole('note', { name: /Probleme beim Hochladen/ })).toBeNull()
    cleanup()
    userAgent.mockReturnValue(CHROME)
    await renderApp({ path: '/', notices: config })
    await screen.findByRole('heading', { level: 1, name: '3D-Druck online bestellen' })
    expect(screen.queryByRole('note', { name: /Probleme beim Hochladen/ })).toBeNull()
  })
})

describe('welcome notice', () => {
  it('reads the amount and code from the hash or the query, else the configured defaults', () => {
    const defaults = { amount: 10, code: null }
    expect(welcomeNoticeOf('welcome-jomatik?amount=15&code=JOMATIK15', '', defaults)).toEqual({
      amount: 15,
      code: 'JOMATIK15',
    })
    expect(welcomeNoticeOf('welcome-jomatik', '?amount=20&code=WELCOME20', defaults)).toEqual({
      amount: 20,
      code: 'WELCOME20',
    })
    expect(welcomeNoticeOf('#welcome-jomatik?amount=0&code=<x>', '', defaults)).toEqual({
      amount: 10,
      code: null,
    })
    expect(welcomeNoticeOf('cookie-consent', '', defaults)).toBeNull()
  })

  it('opens with #welcome-jomatik, says amount and code, and shows only once', async () => {
    const storage = createMemoryStorage()
    await renderApp({ path: '/#welcome-jomatik?amount=15&code=JOMATIK15', storage })
    const dialog = await screen.findByRole('dialog', { name: 'Willkommen bei Schichtwerk!' })
    expect(dialog.textContent).toContain('15 % Rabatt auf Ihre erste Bestellung')
    expect(within(dialog).getByText('JOMATIK15').tagName).toBe('STRONG')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Los geht’s' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(storage.getItem(WELCOME_SEEN_STORAGE_KEY)).not.toBeNull()
    cleanup()
    await renderApp({ path: '/#welcome-jomatik?amount=15&code=JOMATIK15', storage })
    await screen.findByRole('heading', { level: 1, name: '3D-Druck online bestellen' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('waits for the cookie dialog and stays off when switched off', async () => {
    await renderApp({ path: '/#welcome-jomatik', states: { cookieConsent: 'dialogOpen' } })
    expect(await screen.findByRole('dialog', { name: 'Cookie-Einstellungen' })).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: 'Willkommen bei Schichtwerk!' })).toBeNull()
    cleanup()
    await renderApp({ path: '/#welcome-jomatik', notices: notices({ welcome: false }) })
    await screen.findByRole('heading', { level: 1, name: '3D-Druck online bestellen' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
