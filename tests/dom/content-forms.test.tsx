import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { SiteFooter } from '#client/features/footer/site-footer.tsx'
import { ContactSection } from '#client/features/forms/contact-section.tsx'
import { VatIdFormFor } from '#client/common/forms/vat-id-form.tsx'
import { Snackbar } from '#client/common/snackbar/snackbar.tsx'
import { contactPage } from '#client/testing/cms-story-pages.ts'
import { createFakeContentApi } from './fake-content-api.ts'
import { renderApp, renderWithApp } from './render-app.tsx'

afterEach(cleanup)

/** The control a label names, and the texts its aria-describedby points at. */
function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ')
}

const footerAndSnackbar = (
  <>
    <SiteFooter />
    <Snackbar />
  </>
)

describe('newsletter modal', () => {
  it('opens from the footer with the address filled in; send is disabled and names the missing fields', async () => {
    await renderWithApp(footerAndSnackbar)
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'ada@example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Abonnieren' }))
    const dialog = await screen.findByRole('dialog', { name: 'Newsletter abonnieren' })
    expect(within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveProperty(
      'value',
      'ada@example.org',
    )
    const send = within(dialog).getByRole('button', { name: 'Absenden' })
    expect(send).toHaveProperty('disabled', true)
    expect(send.getAttribute('title')).toBe(
      'Es fehlen noch Pflichtfelder: Anrede, Nachname, Einwilligung zum Datenschutz',
    )
    expect(within(dialog).getByText(/^Es fehlen noch Pflichtfelder/)).toBeTruthy()
  })

  it('says what is wrong next to a field, tied to it with aria-describedby', async () => {
    const { actors } = await renderWithApp(footerAndSnackbar, { content: { newsletterForm: 'open' } })
    const dialog = await screen.findByRole('dialog')
    const plz = within(dialog).getByRole('textbox', { name: 'Postleitzahl' })
    await userEvent.type(plz, '1O115')
    expect(plz.getAttribute('aria-invalid')).toBe('true')
    expect(descriptionOf(plz)).toBe('Bitte geben Sie nur Ziffern ein.')
    const mail = within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' })
    await userEvent.clear(mail)
    await userEvent.type(mail, 'ada@')
    expect(descriptionOf(mail)).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.')
    const lastName = within(dialog).getByRole('textbox', { name: 'Nachname' })
    fireEvent.change(lastName, { target: { value: 'x'.repeat(21) } })
    expect(descriptionOf(lastName)).toBe('Bitte höchstens 20 Zeichen eingeben.')
    fireEvent.change(lastName, { target: { value: 'Love\tlace' } })
    expect(descriptionOf(lastName)).toBe('Bitte ohne Zeilenumbrüche und Steuerzeichen.')
    // A required field left empty says so once it was left.
    const firm = within(dialog).getByRole('textbox', { name: 'Firma' })
    fireEvent.change(lastName, { target: { value: '' } })
    lastName.focus()
    firm.focus()
    await waitFor(() => expect(descriptionOf(lastName)).toBe('Bitte füllen Sie dieses Feld aus.'))
    const consent = within(dialog).getByRole('checkbox', { name: /Datenschutzerklärung/ })
    await userEvent.click(consent)
    await userEvent.click(consent)
    expect(descriptionOf(consent)).toBe('Bitte stimmen Sie der Datenschutzerklärung zu.')
    expect(actors.content.newsletterForm.getSnapshot().context.draft.plz).toBe('1O115')
  })

  it('sends a valid sign-up as kind "newsletter", closes and shows the success', async () => {
    const api = createFakeContentApi({})
    const { actors } = await renderWithApp(footerAndSnackbar, {
      fetch: api.fetch,
      content: { newsletterForm: 'open:valid' },
    })
    const dialog = await screen.findByRole('dialog')
    const send = within(dialog).getByRole('button', { name: 'Absenden' })
    expect(send).toHaveProperty('disabled', false)
    await userEvent.click(send)
    expect(await screen.findByText('Newsletteranmeldung erfolgreich')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/contact',
      body: { kind: 'newsletter' },
    })
    expect(actors.content.newsletterForm.getSnapshot().value).toBe('closed')
  })

  it('closes with the failure warning when the sign-up fails', async () => {
    const api = createFakeContentApi({ contactError: 'internal_error' })
    await renderWithApp(footerAndSnackbar, { fetch: api.fetch, content: { newsletterForm: 'open:valid' } })
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Absenden' }))
    expect(await screen.findByText(/Ihre Newsletteranmeldung konnte nicht verarbeitet werden/)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes with "Abbrechen"', async () => {
    await renderWithApp(footerAndSnackbar, { content: { newsletterForm: 'open' } })
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Abbrechen' }),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('contact form', () => {
  it('keeps submit disabled with a hint until the required fields are filled', async () => {
    await renderWithApp(<ContactSection />)
    const submit = screen.getByRole('button', { name: 'Absenden' })
    expect(submit).toHaveProperty('disabled', true)
    expect(submit.getAttribute('title')).toBe(
      'Es fehlen noch Pflichtfelder: Vorname, Nachname, E-Mail-Adresse, Nachricht, Einwilligung zum Datenschutz',
    )
    await userEvent.type(screen.getByRole('textbox', { name: 'Vorname' }), 'Ada')
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachname' }), 'Lovelace')
    await userEvent.type(screen.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'ada@example.org')
    await userEvent.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Hallo')
    await userEvent.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }))
    expect(submit).toHaveProperty('disabled', false)
  })

  it('switches to a bug report with the browser and OS defaults and a disabled error-message field', async () => {
    await renderWithApp(<ContactSection />)
    await userEvent.click(screen.getByRole('radio', { name: 'Fehler melden' }))
    expect(screen.getByRole('heading', { name: 'Fehler melden' })).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Verwendeter Browser' })).toHaveProperty(
      'value',
      'Mozilla Firefox',
    )
    expect(screen.getByRole('combobox', { name: 'Betriebssystem' })).toHaveProperty(
      'value',
      'Microsoft Windows',
    )
    expect(
      within(screen.getByRole('combobox', { name: 'Betriebssystem' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Microsoft Windows', 'Apple MacOS', 'Apple iOS', 'Android', 'Anderes Betriebssystem'])
    const errorMessage = screen.getByRole('textbox', { name: 'Fehlermeldung' })
    expect(errorMessage).toHaveProperty('disabled', true)
    expect(descriptionOf(errorMessage)).toBe('Nur auszufüllen, wenn eine Fehlermeldung angezeigt wurde.')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Es wurde eine Fehlermeldung angezeigt' }))
    expect(screen.getByRole('textbox', { name: 'Fehlermeldung' })).toHaveProperty('disabled', false)
    expect(screen.getByRole('button', { name: 'Absenden' }).getAttribute('title')).toContain(
      'Was wollten Sie tun?, Was haben Sie erwartet?, Was ist stattdessen passiert?, Haben Sie Ihre Internetverbindung geprüft?, Fehlermeldung',
    )
  })

  it('sends a bug report as kind "bug-report" and goes to the start page with the success message', async () => {
    const api = createFakeContentApi({})
    const { edges } = await renderWithApp(
      <>
        <ContactSection />
        <Snackbar />
      </>,
      { fetch: api.fetch, content: { contactForm: 'bugReport:filled' } },
    )
    await userEvent.click(screen.getByRole('button', { name: 'Absenden' }))
    expect(await screen.findByText('Absenden erfolgreich')).toBeTruthy()
    expect(
      screen.getByText('Ihre Anfrage wurde versendet. Wir melden uns in Kürze bei Ihnen zurück.'),
    ).toBeTruthy()
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/contact',
      body: {
        kind: 'bug-report',
        isBugReport: true,
        browserUsed: 'Mozilla Firefox',
        osUsed: 'Microsoft Windows',
      },
    })
    expect(edges.wentHome).toBe(1)
  })

  it('shows the warning and keeps every field when sending fails', async () => {
    const api = createFakeContentApi({ contactError: 'internal_error' })
    await renderWithApp(<ContactSection />, { fetch: api.fetch, content: { contactForm: 'editing:filled' } })
    const firstName = screen.getByRole('textbox', { name: 'Vorname' })
    const before = (firstName as HTMLInputElement).value
    await userEvent.click(screen.getByRole('button', { name: 'Absenden' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Hier scheint ein Fehler aufgetreten zu sein.')
    expect(alert.textContent).toContain('Ihre Anfrage konnte nicht versendet werden.')
    expect(api.requests[0]?.body).toMatchObject({ kind: 'contact' })
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveProperty('value', before)
    expect(before).not.toBe('')
    expect(screen.getByRole('button', { name: 'Absenden' })).toHaveProperty('disabled', false)
  })

  it('disables the form while it sends', async () => {
    const api = createFakeContentApi({ holdContact: true })
    await renderWithApp(<ContactSection />, { fetch: api.fetch, content: { contactForm: 'editing:filled' } })
    await userEvent.click(screen.getByRole('button', { name: 'Absenden' }))
    const sending = await screen.findByRole('button', { name: 'Wird gesendet …' })
    expect(sending).toHaveProperty('disabled', true)
    // The fieldset is disabled, and every control in it with it.
    expect(screen.getByRole('textbox', { name: 'Vorname' }).closest('fieldset')).toHaveProperty(
      'disabled',
      true,
    )
    api.release()
  })

  it('opens as a bug report from /kontakt?bug=1#contact-form, under the CMS text', async () => {
    const api = createFakeContentApi({ pages: { 'de/kontakt': contactPage } })
    await renderApp({ path: '/kontakt?bug=1#contact-form', fetch: api.fetch })
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontakt' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Fehler melden' })).toHaveProperty('checked', true)
    expect(
      document
        .getElementById('contact-form')
        ?.contains(screen.getByRole('heading', { name: 'Fehler melden' })),
    ).toBe(true)
  })

  it('the footer link "Fehler melden" opens the form as a bug report', async () => {
    const api = createFakeContentApi({ pages: { 'de/kontakt': contactPage } })
    const { router } = await renderApp({ path: '/cart', fetch: api.fetch })
    await userEvent.click(await screen.findByRole('link', { name: 'Fehler melden' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/kontakt'))
    expect(router.state.location.search).toEqual({ bug: 1 })
    expect(router.state.location.hash).toBe('contact-form')
    expect(await screen.findByRole('radio', { name: 'Fehler melden' })).toHaveProperty('checked', true)
  })
})

describe('VAT-ID form', () => {
  const account = { mail: 'einkauf@example.org', firstName: 'Ada', lastName: 'Lovelace' }

  it('needs a non-empty value, then sends it as kind "vat-id" with a notice that stays 15 s', async () => {
    const api = createFakeContentApi({})
    const { actors } = await renderWithApp(<VatIdFormFor account={account} />, { fetch: api.fetch })
    const field = screen.getByRole('textbox', { name: 'Umsatzsteuer-Identifikationsnummer (USt-IdNr.)' })
    const submit = screen.getByRole('button', { name: 'USt-IdNr. einreichen' })
    expect(submit).toHaveProperty('disabled', true)
    await userEvent.type(field, '   ')
    expect(descriptionOf(field)).toContain('Bitte füllen Sie dieses Feld aus.')
    await userEvent.clear(field)
    await userEvent.type(field, 'ATU12345678')
    await userEvent.click(submit)
    await waitFor(() =>
      expect(actors.notifications.getSnapshot().context.current?.message).toBe('vat-id-success'),
    )
    expect(actors.notifications.getSnapshot().context.current?.durationMs).toBe(15_000)
    expect(api.requests[0]?.body).toMatchObject({
      kind: 'vat-id',
      message: 'ATU12345678',
      mail: account.mail,
    })
    expect(field).toHaveProperty('value', '')
  })

  it('keeps the value and warns when sending fails', async () => {
    const api = createFakeContentApi({ contactError: 'service_unavailable' })
    await renderWithApp(<VatIdFormFor account={account} />, { fetch: api.fetch })
    const field = screen.getByRole('textbox', { name: /USt-IdNr/ })
    await userEvent.type(field, 'DE123456789')
    await userEvent.click(screen.getByRole('button', { name: 'USt-IdNr. einreichen' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Ihre Anfrage konnte nicht verarbeitet werden.',
    )
    expect(field).toHaveProperty('value', 'DE123456789')
  })

  it('appears on /kontakt for business customers once name and e-mail are in the contact form', async () => {
    const api = createFakeContentApi({ pages: { 'de/kontakt': contactPage } })
    await renderApp({ path: '/kontakt', fetch: api.fetch, states: { preferences: 'ready:business' } })
    expect(await screen.findByRole('heading', { name: 'USt-IdNr. nachreichen' })).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: /USt-IdNr/ })).toBeNull()
    const form = within(document.getElementById('contact-form') ?? document.body)
    await userEvent.type(form.getByRole('textbox', { name: 'Vorname' }), 'Ada')
    await userEvent.type(form.getByRole('textbox', { name: 'Nachname' }), 'Lovelace')
    await userEvent.type(form.getByRole('textbox', { name: 'E-Mail-Adresse' }), 'ada@example.org')
    expect(await screen.findByRole('textbox', { name: /USt-IdNr/ })).toBeTruthy()
    cleanup()
    await renderApp({ path: '/kontakt', fetch: api.fetch, states: { preferences: 'ready:private' } })
    await screen.findByRole('heading', { name: 'Kontaktformular' })
    expect(screen.queryByRole('heading', { name: 'USt-IdNr. nachreichen' })).toBeNull()
  })
})
