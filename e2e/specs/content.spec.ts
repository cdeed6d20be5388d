import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Locator, type Page, type Response } from '@playwright/test'
import {
  CMS_HEADER_LAYOUT_HIDDEN,
  CMS_NAVIGATION_PATH,
  type CmsNavEntry,
  CmsPageDocumentSchema,
  type CmsPage,
  type CmsStoryEntry,
  cmsPagePath,
  GetCmsNavigationResponseSchema,
  GetCmsPageResponseSchema,
} from '#shared/contracts/cms.contract.ts'
import {
  CONTACT_PATH,
  ContactResponseSchema,
  LEGACY_CONTACT_FORM_PATH,
} from '#shared/contracts/contact.contract.ts'
import { LOCALES, type Locale, NAME_MAX } from '#shared/domain/limits.ts'
import { buildSeedContent, SEED_PAGES } from '#server/modules/content/seed/seed-content.ts'
import { createOutbox, type OutboxMail } from '#server/modules/mail/outbox.ts'
import { expect, expectAndAllowErrors, expectNoSeriousA11yViolations, test } from '../fixtures.ts'

/**
 * Issue 6 end to end: every seeded CMS page in German, English and French as the server serves it (heading and
 * content, breadcrumbs, story navigation, header and footer menus, language links), the contact form and the bug
 * report (stored and mailed to the outbox), the forms' client-side validation, the newsletter modal, and unknown
 * slugs reaching /not-available.
 *
 * Submissions are rate-limited per address (SUBMISSIONS_PER_HOUR_PER_IP = 5 in content.service.ts): this spec sends
 * three (contact, bug report, newsletter); the refused header-injection attempts fail validation before they count.
 */

// ---------------------------------------------------------------------------------------------------------------
// Helpers

/** The server's DATA_DIR (playwright.config.ts keeps it in E2E_DATA_DIR); mail lands in its outbox. */
function outbox() {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts')
  return createOutbox(join(dataDir, 'outbox'))
}

/** The one outbox mail naming a stored submission (the mail's first line is `<kind> <submission id>`). */
async function mailOfSubmission(id: string): Promise<{ mail: OutboxMail; raw: string }> {
  const box = outbox()
  await expect
    .poll(() => box.list().filter((mail) => mail.text.split('\n')[0]?.endsWith(` ${id}`)).length, {
      message: `outbox mail for submission ${id}`,
    })
    .toBe(1)
  const entry = box.list().find((mail) => mail.text.split('\n')[0]?.endsWith(` ${id}`))
  const read = entry === undefined ? undefined : box.read(entry.id)
  if (read === undefined) throw new Error(`outbox mail for ${id} vanished`)
  return read
}

/** The header block of a raw message, unfolded (continuation lines joined), one header per entry. */
function headersOf(raw: string): string[] {
  const end = raw.indexOf('\r\n\r\n')
  return raw
    .slice(0, end === -1 ? raw.length : end)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')
}

const headerNamed = (headers: readonly string[], name: string) =>
  headers.filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))

/** The mail went to the shop's inbox only, with the visitor as Reply-To, and no header came from a form field. */
function expectNoInjectedHeaders(raw: string, replyTo: string) {
  const headers = headersOf(raw)
  expect(headerNamed(headers, 'Subject')).toHaveLength(1)
  expect(headerNamed(headers, 'To')).toHaveLength(1)
  expect(headerNamed(headers, 'Reply-To')).toEqual([`Reply-To: ${replyTo}`])
  expect(headerNamed(headers, 'Bcc')).toEqual([])
  expect(headerNamed(headers, 'Cc')).toEqual([])
  expect(headers.join('\n')).not.toContain('evil@example.com')
}

/** msgid → msgstr of a locale's catalogue (locales/{lang}/messages.po), so texts are not copied by hand. */
const catalogues = new Map<Locale, Map<string, string>>()
function catalogue(lang: Locale): Map<string, string> {
  const cached = catalogues.get(lang)
  if (cached) return cached
  const po = readFileSync(resolve(import.meta.dirname, `../../locales/${lang}/messages.po`), 'utf8')
  const unquote = (line: string) => JSON.parse(line.slice(line.indexOf('"'))) as string
  const entries = new Map<string, string>()
  let field: 'msgid' | 'msgstr' | null = null
  let id = ''
  let str = ''
  const flush = () => {
    if (id !== '') entries.set(id, str === '' ? id : str)
    id = ''
    str = ''
  }
  for (const line of po.split('\n')) {
    if (line.startsWith('msgid ')) {
      flush()
      field = 'msgid'
      id = unquote(line)
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr'
      str = unquote(line)
    } else if (line.startsWith('"') && field === 'msgid') id += unquote(line)
    else if (line.startsWith('"') && field === 'msgstr') str += unquote(line)
    else field = null
  }
  flush()
  catalogues.set(lang, entries)
  return entries
}

/** A UI text in a language, with `{placeholders}` filled in. */
function tr(lang: Locale, msgid: string, values: Record<string, string | number> = {}): string {
  const text = lang === 'de' ? msgid : catalogue(lang).get(msgid)
  if (text === undefined) throw new Error(`No ${lang} translation of "${msgid}"`)
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Cookies chosen already: the cookie dialog stays closed. */
async function withCookieChoice(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem(
      'cookies',
      JSON.stringify({ essentialCookies: true, statisticCookies: false, marketingCookies: false }),
    ),
  )
}

/** The text and href of each link, retried until they match. */
async function expectLinks(links: Locator, entries: readonly CmsNavEntry[]) {
  await expect
    .poll(() =>
      links.evaluateAll((anchors) =>
        anchors.map((anchor) => ({
          title: (anchor.textContent ?? '').trim(),
          link: anchor.getAttribute('href') ?? '',
        })),
      ),
    )
    .toEqual(entries.map(({ title, link }) => ({ title, link })))
}

const flattenStory = (entries: readonly CmsStoryEntry[]): CmsNavEntry[] =>
  entries.flatMap((entry) => [{ title: entry.title, link: entry.link }, ...flattenStory(entry.children)])

const isContactPost = (response: Response) =>
  new URL(response.url()).pathname === CONTACT_PATH && response.request().method() === 'POST'

/** The contact form's text fields of both kinds (contact message and bug report), by their labels. */
const CONTACT_FIELD_LABELS = {
  firstName: 'Vorname',
  lastName: 'Nachname',
  mail: 'E-Mail-Adresse',
  phone: 'Telefon',
  subject: 'Betreff',
  message: 'Nachricht',
} as const

/** Fills those of the fields that `sent` has (other keys of `sent` are left to the caller). */
async function fillContactFields(
  form: Locator,
  sent: Partial<Record<keyof typeof CONTACT_FIELD_LABELS, string>>,
) {
  for (const [field, label] of Object.entries(CONTACT_FIELD_LABELS)) {
    const value = sent[field as keyof typeof CONTACT_FIELD_LABELS]
    if (value !== undefined) await form.getByRole('textbox', { name: label, exact: true }).fill(value)
  }
}

/**
 * The filled form: sending waits for the privacy consent, which enables it; no serious a11y violations; the
 * submission is answered 201.
 */
async function consentAndSubmit(page: Page, form: Locator): Promise<Response> {
  const submit = form.getByRole('button', { name: 'Absenden' })
  await expect(submit).toBeDisabled()
  await form.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check()
  await expect(submit).toBeEnabled()
  await expectNoSeriousA11yViolations(page)

  const response = page.waitForResponse(isContactPost)
  await submit.click()
  const answer = await response
  expect(answer.status()).toBe(201)
  return answer
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Every seeded page in every language

/** Derived from the seed module, so a new seed page is tested without touching this list. */
const SEEDED = SEED_PAGES.flatMap((seed) => LOCALES.map((lang) => ({ slug: seed.slug, lang })))

test.describe('content: seeded CMS pages', () => {
  test.beforeEach(async ({ page }) => withCookieChoice(page))

  test(`the seed's ${SEED_PAGES.length} pages × ${LOCALES.length} languages hold the spec's pages, and every menu link leads to one`, () => {
    const content = buildSeedContent()
    const documents = content.pages.map((document) => CmsPageDocumentSchema.parse(document))
    const byPath = new Map(documents.map((document) => [cmsPagePath(document.lang, document.slug), document]))
    expect(byPath.size).toBe(SEEDED.length)
    // Part 1 §2 and part 2 §2 name these (the design guidelines with the cart-steps anchor).
    for (const lang of LOCALES) {
      for (const path of [
        'start',
        'kontakt',
        'datenschutz',
        'produktion/tipps-und-tricks-im-3d-druck#cart-steps',
        'agb-onlineportal',
        'zusammen-wachsen',
        'impressum',
      ]) {
        const [slug = '', anchor] = path.split('#')
        expect(SEEDED).toContainEqual({ slug, lang })
        if (anchor !== undefined) {
          const ids = byPath.get(cmsPagePath(lang, slug))?.content.colPos0.map((element) => element.id)
          expect(ids).toContain(anchor)
        }
      }
    }
    const links = [
      ...LOCALES.flatMap((lang) => Object.values(content.navigation[lang]).flat()),
      ...documents.flatMap((document) => flattenStory(document.navigation.story)),
    ].map((entry) => entry.link)
    const broken = [...new Set(links)].filter((link) => {
      const [path = '', anchor] = link.split('#')
      const target = byPath.get(path)
      return (
        target === undefined ||
        (anchor !== undefined && !target.content.colPos0.some((el) => el.id === anchor))
      )
    })
    expect(broken).toEqual([])
  })

  for (const { slug, lang } of SEEDED) {
    const path = cmsPagePath(lang, slug)
    test(`${lang} ${slug}: ${path} renders the served page, breadcrumbs, menus and language links`, async ({
      page,
    }) => {
      // The page may come prerendered with these answers embedded (decision 0109), so the browser need not ask for
      // them: the test reads what the API serves and compares the page with it.
      await page.goto(path)
      const pageResponse = await page.request.get(`/api/cms/pages/${lang}/${slug}`)
      const navigationResponse = await page.request.get(`${CMS_NAVIGATION_PATH}/${lang}`)
      expect(pageResponse.status()).toBe(200)
      expect(navigationResponse.status()).toBe(200)
      const served: CmsPage = GetCmsPageResponseSchema.parse(await pageResponse.json())
      const navigation = GetCmsNavigationResponseSchema.parse(await navigationResponse.json())
      expect(served).toMatchObject({ lang, slug })
      const main = page.getByRole('main')

      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      const isStart = slug === 'start'
      if (isStart) {
        // Home: the upload hero's <h1>, the start page's elements below it, no breadcrumbs.
        await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('navigation', { name: tr(lang, 'Brotkrümelnavigation') })).toHaveCount(0)
      } else {
        await expect(page).toHaveTitle(`${served.meta.title} – Schichtwerk`)
        // One description: the page's own (else its subtitle) in place of the shop's (decision 0064).
        const description = page.locator('head meta[name="description"]')
        await expect(description).toHaveCount(1)
        await expect(description).toHaveAttribute('content', served.meta.description || served.meta.subtitle)
        await expect(page.locator('.cms-page')).not.toHaveAttribute('aria-busy', 'true')
        // Exactly one <h1>: the page's first level-1 header, else its title (visually hidden).
        const h1 =
          served.content.colPos0.find(
            (element) => element.content.header !== '' && element.content.headerLayout === 1,
          )?.content.header ?? served.meta.title
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(h1)

        const breadcrumbs = page.getByRole('navigation', { name: tr(lang, 'Brotkrümelnavigation') })
        await expect(breadcrumbs.getByRole('listitem')).toHaveText(
          served.breadcrumbs.map((item) => item.title),
        )
        await expect(breadcrumbs.getByRole('listitem').last()).toHaveAttribute('aria-current', 'page')
        await expectLinks(breadcrumbs.getByRole('link'), served.breadcrumbs.slice(0, -1))
      }

      // The elements, each with its header, subheader, text and pictures.
      expect(served.content.colPos0.length).toBeGreaterThan(0)
      for (const element of served.content.colPos0) {
        const view = main.locator(`[id="${element.id}"]`)
        await expect(view, `element ${element.id}`).toHaveClass(
          new RegExp(`cms-el--${element.type} cms-el--${element.appearance.layout}`),
        )
        const { header, subheader, headerLayout, bodytext, gallery } = element.content
        if (header !== '' && headerLayout !== CMS_HEADER_LAYOUT_HIDDEN) {
          await expect(view.locator(`[id="${element.id}-title"]`)).toHaveText(header)
        }
        if (subheader !== '' && headerLayout !== CMS_HEADER_LAYOUT_HIDDEN) {
          await expect(view.locator('.cms-header__subheader')).toHaveText(subheader)
        }
        if (bodytext !== '') {
          // Every text of the served HTML is on screen (the view rebuilds the HTML, so compare text, not markup).
          const missing = await view.evaluate((node, html) => {
            const squash = (text: string) => text.replace(/\s+/g, ' ').trim()
            const shown = squash(node.textContent ?? '')
            const parsed = new DOMParser().parseFromString(html, 'text/html')
            const walker = parsed.createTreeWalker(parsed.body, NodeFilter.SHOW_TEXT)
            const pieces: string[] = []
            for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
              const piece = squash(text.textContent ?? '')
              if (piece !== '' && !shown.includes(piece)) pieces.push(piece)
            }
            return pieces
          }, bodytext)
          expect(missing, `bodytext of ${element.id}`).toEqual([])
        }
        const images = gallery?.images ?? []
        await expect(view.locator('img')).toHaveCount(images.length)
        for (const [index, image] of images.entries()) {
          await expect(view.locator('img').nth(index)).toHaveAttribute('src', image.publicUrl)
          await expect(view.locator('img').nth(index)).toHaveAttribute('alt', image.alt)
        }
      }

      // Story navigation (consulting, construction, production).
      const story = page.getByRole('navigation', { name: tr(lang, 'Themen') })
      if (served.navigation.story.length > 0) {
        await expectLinks(story.getByRole('link'), flattenStory(served.navigation.story))
      } else {
        await expect(story).toHaveCount(0)
      }

      // Header and footer menus from the navigation lists; language links from the page's `languages`.
      expect(served.page.navigation).toEqual(navigation)
      const mainNavigation = page.getByRole('navigation', { name: tr(lang, 'Hauptnavigation') })
      await expect(mainNavigation).toBeVisible()
      await expectLinks(mainNavigation.getByRole('link'), navigation.main)
      const legal = page.getByRole('contentinfo').getByRole('navigation', { name: tr(lang, 'Rechtliches') })
      const contact = cmsPagePath(lang, 'kontakt')
      await expectLinks(legal.getByRole('link'), [
        ...navigation.footerleft,
        ...navigation.footerright,
        { title: tr(lang, 'Kontakt'), link: contact },
        { title: tr(lang, 'Fehler melden'), link: `${contact}?bug=1#contact-form` },
      ])
      const languageSwitch = page.getByRole('navigation', { name: tr(lang, 'Sprache wählen') })
      expect(served.languages.map((language) => language.locale)).toEqual([...LOCALES])
      for (const language of served.languages) {
        await expect(languageSwitch.locator(`a[hreflang="${language.locale}"]`)).toHaveAttribute(
          'href',
          language.link,
        )
      }
      await expect(languageSwitch.locator(`a[hreflang="${lang}"]`)).toHaveAttribute('aria-current', 'true')

      await expectNoSeriousA11yViolations(page)
    })
  }
})

// ---------------------------------------------------------------------------------------------------------------
// 2.–4. Forms

test.describe('content: contact form, bug report and newsletter', () => {
  test.beforeEach(async ({ page }) => withCookieChoice(page))

  test('a contact message is sent from /kontakt#contact-form, stored, mailed and announced on /', async ({
    page,
  }) => {
    await page.goto('/kontakt#contact-form')
    const form = page.locator('#contact-form')
    await expect(form.getByRole('heading', { name: 'Kontaktformular' })).toBeVisible()
    await expect(form).toBeInViewport()
    const submit = form.getByRole('button', { name: 'Absenden' })
    await expect(submit).toBeDisabled()

    const sent = {
      firstName: 'Erika',
      lastName: 'Mustermann',
      mail: 'erika.mustermann@example.com',
      phone: '+49301234567',
      subject: 'Angebot fuer 20 Gehaeuse',
      message: 'Guten Tag,\nBcc: evil@example.com\nbitte um ein Angebot für 20 Gehäuse in PA12.',
    }
    await fillContactFields(form, sent)
    const answer = await consentAndSubmit(page, form)
    expect(answer.request().postDataJSON()).toMatchObject({ kind: 'contact', isBugReport: false, ...sent })
    const { id } = ContactResponseSchema.parse(await answer.json())

    await expect(page).toHaveURL((url) => url.pathname === '/')
    const status = page.getByRole('status').filter({ hasText: 'Absenden erfolgreich' })
    await expect(status).toContainText(
      'Ihre Anfrage wurde versendet. Wir melden uns in Kürze bei Ihnen zurück.',
    )

    // Stored (the server mails only a stored submission, naming its id) and mailed to the shop's inbox.
    const { mail, raw } = await mailOfSubmission(id)
    expect(mail.subject).toBe(`[Schichtwerk] Kontaktanfrage: ${sent.subject}`)
    expect(mail.to).toHaveLength(1)
    expect(mail.replyTo).toBe(sent.mail)
    expect(mail.text.split('\n')[0]).toBe(`Kontaktanfrage ${id}`)
    for (const [field, value] of Object.entries(sent)) expect(mail.text).toContain(`${field}: ${value}`)
    expect(mail.text).toContain('confirmation: true')
    expectNoInjectedHeaders(raw, sent.mail)
  })

  test('a bug report from the footer link is sent with its extra fields, stored and mailed', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Fehler melden' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/kontakt' && url.hash === '#contact-form')
    const form = page.locator('#contact-form')
    await expect(form.getByRole('heading', { name: 'Fehler melden' })).toBeVisible()
    await expect(form.getByRole('radio', { name: 'Fehler melden' })).toBeChecked()

    // Defaults of part 2 §5; the error-message field is off until an error message occurred.
    const browser = form.getByRole('combobox', { name: 'Verwendeter Browser' })
    const os = form.getByRole('combobox', { name: 'Betriebssystem' })
    await expect(browser).toHaveValue('Mozilla Firefox')
    await expect(os).toHaveValue('Microsoft Windows')
    const errorMessage = form.getByRole('textbox', { name: 'Fehlermeldung', exact: true })
    await expect(errorMessage).toBeDisabled()

    const sent = {
      firstName: 'Max',
      lastName: 'Muster',
      mail: 'max.muster@example.com',
      subject: 'Upload bricht ab',
      message: 'Der Upload bleibt bei 99 Prozent stehen.',
      userIntention: 'Eine STL-Datei hochladen',
      userExpectation: 'Die Konfiguration sollte sich oeffnen',
      systemResponse: 'Der Fortschritt blieb stehen\nund nichts passierte.',
      errorMessage: 'Hier scheint ein Fehler aufgetreten zu sein.',
    }
    await fillContactFields(form, sent)
    await form.getByRole('textbox', { name: 'Was wollten Sie tun?' }).fill(sent.userIntention)
    await form.getByRole('textbox', { name: 'Was haben Sie erwartet?' }).fill(sent.userExpectation)
    await form.getByRole('textbox', { name: 'Was ist stattdessen passiert?' }).fill(sent.systemResponse)
    await form
      .getByRole('group', { name: 'Haben Sie Ihre Internetverbindung geprüft?' })
      .getByRole('radio', { name: 'Ja' })
      .check()
    await form.getByRole('checkbox', { name: 'Es wurde eine Fehlermeldung angezeigt' }).check()
    await expect(errorMessage).toBeEnabled()
    await errorMessage.fill(sent.errorMessage)
    await browser.selectOption('Google Chrome')
    await os.selectOption('Android')
    const tried = form.getByRole('group', { name: 'Auch versucht mit' })
    await tried.getByRole('checkbox', { name: 'Mozilla Firefox' }).check()
    await tried.getByRole('checkbox', { name: 'Apple Safari' }).check()
    const answer = await consentAndSubmit(page, form)
    const environment = {
      userCheckedInternetConnection: 'yes',
      errorMessageOccurred: true,
      browserUsed: 'Google Chrome',
      osUsed: 'Android',
      differentBrowsers: ['Mozilla Firefox', 'Apple Safari'],
    }
    expect(answer.request().postDataJSON()).toMatchObject({
      kind: 'bug-report',
      isBugReport: true,
      ...sent,
      ...environment,
    })
    const { id } = ContactResponseSchema.parse(await answer.json())

    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(page.getByRole('status').filter({ hasText: 'Absenden erfolgreich' })).toBeVisible()

    const { mail, raw } = await mailOfSubmission(id)
    expect(mail.subject).toBe(`[Schichtwerk] Fehlermeldung: ${sent.subject}`)
    expect(mail.replyTo).toBe(sent.mail)
    expect(mail.text.split('\n')[0]).toBe(`Fehlermeldung ${id}`)
    for (const [field, value] of Object.entries(sent)) expect(mail.text).toContain(`${field}: ${value}`)
    expect(mail.text).toContain('userCheckedInternetConnection: yes')
    expect(mail.text).toContain('errorMessageOccurred: true')
    expect(mail.text).toContain('browserUsed: Google Chrome')
    expect(mail.text).toContain('osUsed: Android')
    expect(mail.text).toContain('differentBrowsers: Mozilla Firefox, Apple Safari')
    expectNoInjectedHeaders(raw, sent.mail)
  })

  test('line breaks in header fields are refused by the JSON and the legacy endpoint, and nothing is mailed', async ({
    request,
  }) => {
    const before = outbox().list().length
    const injected = {
      kind: 'contact',
      firstName: 'Eve',
      lastName: 'Mallory',
      mail: 'eve@example.com',
      subject: 'Hallo\r\nBcc: evil@example.com',
      message: 'Test',
      confirmation: true,
    }
    const json = await request.post(CONTACT_PATH, { data: injected })
    expect(json.status()).toBe(400)
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe('validation_failed')
    const legacy = await request.post(LEGACY_CONTACT_FORM_PATH, {
      form: { ...injected, confirmation: 'on', mail: 'eve@example.com\r\nBcc: evil@example.com' },
    })
    expect(legacy.status()).toBe(400)
    expect(outbox().list()).toHaveLength(before)
  })

  test('validation is visible: missing fields on the disabled button, the localised too-long and e-mail errors', async ({
    page,
  }) => {
    await page.goto('/kontakt#contact-form')
    const form = page.locator('#contact-form')
    const submit = form.getByRole('button', { name: 'Absenden' })
    const missingTitle = (fields: string[]) =>
      tr('de', 'Es fehlen noch Pflichtfelder: {list}', { list: fields.join(', ') })
    await expect(submit).toBeDisabled()
    await expect(submit).toHaveAttribute(
      'title',
      missingTitle(['Vorname', 'Nachname', 'E-Mail-Adresse', 'Nachricht', 'Einwilligung zum Datenschutz']),
    )
    await form.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Erika')
    await form.getByRole('textbox', { name: 'Nachricht', exact: true }).fill('Hallo')
    await expect(submit).toHaveAttribute(
      'title',
      missingTitle(['Nachname', 'E-Mail-Adresse', 'Einwilligung zum Datenschutz']),
    )
    await expect(
      form.getByText(missingTitle(['Nachname', 'E-Mail-Adresse', 'Einwilligung zum Datenschutz'])),
    ).toBeVisible()

    // The same form in English: a bad address and a name over the limit show the English errors.
    await page.goto('/en/kontakt#contact-form')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const en = page.locator('#contact-form')
    const firstName = en.getByRole('textbox', { name: tr('en', 'Vorname'), exact: true })
    const mail = en.getByRole('textbox', { name: tr('en', 'E-Mail-Adresse'), exact: true })
    await mail.fill('erika@')
    await expect(mail).toHaveAccessibleDescription(
      tr('en', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    )
    await expect(mail).toHaveAttribute('aria-invalid', 'true')

    // Typing stops at the limit (maxlength); past it (the attribute removed, as a script or extension could) the
    // form's own rule shows the limit.
    const tooLong = 'Maximiliana-Konstanze-Friederike'
    expect(tooLong.length).toBeGreaterThan(NAME_MAX)
    await firstName.fill(tooLong)
    await expect(firstName).toHaveValue(tooLong.slice(0, NAME_MAX))
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true')
    await firstName.evaluate((input) => input.removeAttribute('maxlength'))
    await firstName.fill(tooLong)
    await expect(firstName).toHaveAccessibleDescription(
      tr('en', 'Bitte höchstens {maxLength} Zeichen eingeben.', { maxLength: NAME_MAX }),
    )
    await expect(firstName).toHaveAttribute('aria-invalid', 'true')
    const enSubmit = en.getByRole('button', { name: tr('en', 'Absenden') })
    await expect(enSubmit).toBeDisabled()
    await expect(enSubmit).toHaveAttribute(
      'title',
      new RegExp(`^${escapeRegExp(tr('en', 'Es fehlen noch Pflichtfelder: {list}', { list: '' }))}`),
    )
    await expectNoSeriousA11yViolations(page)
  })

  test('the footer e-mail field opens the newsletter modal; a sign-up is sent, announced, stored and mailed', async ({
    page,
  }) => {
    await page.goto('/')
    const address = 'newsletter.leser@example.com'
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(address)
    await footer.getByRole('button', { name: 'Abonnieren' }).click()

    const dialog = page.getByRole('dialog', { name: 'Newsletter abonnieren' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: 'E-Mail-Adresse', exact: true })).toHaveValue(address)
    const send = dialog.getByRole('button', { name: 'Absenden' })
    await expect(send).toBeDisabled()
    await expect(send).toHaveAttribute(
      'title',
      tr('de', 'Es fehlen noch Pflichtfelder: {list}', {
        list: ['Anrede', 'Nachname', 'Einwilligung zum Datenschutz'].join(', '),
      }),
    )
    await expectNoSeriousA11yViolations(page)

    // Postal code digits only (part 1 §5).
    const plz = dialog.getByRole('textbox', { name: 'Postleitzahl' })
    await plz.fill('10a15')
    await expect(plz).toHaveAccessibleDescription('Bitte geben Sie nur Ziffern ein.')
    await plz.fill('10115')
    await expect(plz).not.toHaveAttribute('aria-invalid', 'true')

    await dialog.getByRole('combobox', { name: 'Anrede' }).selectOption({ label: 'Frau' })
    await dialog.getByRole('textbox', { name: 'Nachname', exact: true }).fill('Leserin')
    await dialog.getByRole('textbox', { name: 'Ort' }).fill('Berlin')
    await expect(send).toBeDisabled()
    await dialog.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check()
    await expect(send).toBeEnabled()

    const response = page.waitForResponse(isContactPost)
    await send.click()
    const answer = await response
    expect(answer.status()).toBe(201)
    const { id } = ContactResponseSchema.parse(await answer.json())

    const status = page.getByRole('status').filter({ hasText: 'Newsletteranmeldung erfolgreich' })
    await expect(status).toContainText(
      'Ihre Anfrage wurde versendet. Sie werden in Kürze für den Newsletter angemeldet.',
    )
    await expect(dialog).toBeHidden()

    const { mail, raw } = await mailOfSubmission(id)
    expect(mail.subject).toBe('[Schichtwerk] Newsletteranmeldung')
    expect(mail.replyTo).toBe(address)
    expect(mail.text.split('\n')[0]).toBe(`Newsletteranmeldung ${id}`)
    for (const line of [
      'salutation: ms',
      'lastName: Leserin',
      'plz: 10115',
      'location: Berlin',
      `mail: ${address}`,
    ]) {
      expect(mail.text).toContain(line)
    }
    expectNoInjectedHeaders(raw, address)
  })
})

// ---------------------------------------------------------------------------------------------------------------
// 5. Unknown slugs

test.describe('content: unknown slugs', () => {
  test.beforeEach(async ({ page }) => withCookieChoice(page))

  for (const [path, lang, apiPath, notAvailable] of [
    ['/gibt-es-nicht', 'de', '/api/cms/pages/de/gibt-es-nicht', '/not-available'],
    ['/en/does-not-exist', 'en', '/api/cms/pages/en/does-not-exist', '/en/not-available'],
  ] as const) {
    test(`${path} reaches ${notAvailable} with the 4xx wording`, async ({ page, consoleErrors }) => {
      await page.goto(path)
      await expect(page).toHaveURL(
        (url) => url.pathname === notAvailable && url.searchParams.get('status') === '404',
      )
      await expect(page.locator('html')).toHaveAttribute('lang', lang)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { level: 1 })).toHaveText(
        tr(lang, 'Diese Seite ist nicht verfügbar'),
      )
      await expect(main).toContainText(tr(lang, 'Die Seite wurde verschoben oder existiert nicht mehr.'))
      await expect(main.getByRole('link', { name: tr(lang, 'Zurück zur Startseite') })).toHaveAttribute(
        'href',
        cmsPagePath(lang, 'start'),
      )
      await expectNoSeriousA11yViolations(page)
      // The page's own 404 is the expected way there, not a broken page.
      expectAndAllowErrors(consoleErrors, [new RegExp(`^404 GET \\S+${apiPath}$`)])
    })
  }
})
