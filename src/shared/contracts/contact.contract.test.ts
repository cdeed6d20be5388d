import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BugReportRequestSchema,
  ContactRequestSchema,
  ContactResponseSchema,
  legacyContactFormToRequest,
  LEGACY_CONTACT_FORM_FIELDS,
} from '#shared/contracts/contact.contract.ts'
import { NewsletterRequestSchema } from '#shared/contracts/newsletter.contract.ts'

const contact = {
  kind: 'contact',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mail: 'ada@example.org',
  message: 'Welche Wandstärke brauche ich für PA12?',
  confirmation: true,
} as const

const bugReport = {
  ...contact,
  kind: 'bug-report',
  userIntention: 'Eine STL-Datei hochladen',
  userExpectation: 'Einen Preis',
  systemResponse: 'Der Upload bleibt stehen',
  userCheckedInternetConnection: 'yes',
  errorMessageOccurred: false,
  browserUsed: 'Mozilla Firefox',
  osUsed: 'Microsoft Windows',
} as const

const issueAt = (schema: typeof ContactRequestSchema, value: unknown, field: string) => {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message
}

describe('contact contract', () => {
  it('reads a contact message, filling defaults and trimming', () => {
    expect(ContactRequestSchema.parse({ ...contact, firstName: '  Ada ' })).toEqual({
      ...contact,
      isBugReport: false,
      phone: '',
      subject: '',
    })
  })

  it('requires first and last name, e-mail, message and the confirmation', () => {
    for (const field of ['firstName', 'lastName', 'mail', 'message'] as const) {
      expect(issueAt(ContactRequestSchema, { ...contact, [field]: '   ' }, field)).toBe('required')
    }
    expect(issueAt(ContactRequestSchema, { ...contact, confirmation: false }, 'confirmation')).toBe(
      'must_confirm',
    )
    expect(issueAt(ContactRequestSchema, { ...contact, mail: 'ada@' }, 'mail')).toBe('invalid_email')
  })

  it('keeps the limits of part 2 §5: names 20, phone 15, subject 50, message 400', () => {
    const tooLong = (field: string, length: number) =>
      issueAt(ContactRequestSchema, { ...contact, [field]: 'x'.repeat(length) }, field)
    expect(tooLong('firstName', 20)).toBeUndefined()
    expect(tooLong('firstName', 21)).toBe('too_long')
    expect(tooLong('lastName', 21)).toBe('too_long')
    expect(tooLong('phone', 16)).toBe('too_long')
    expect(tooLong('subject', 50)).toBeUndefined()
    expect(tooLong('subject', 51)).toBe('too_long')
    expect(tooLong('message', 400)).toBeUndefined()
    expect(tooLong('message', 401)).toBe('too_long')
  })

  it('refuses CR, LF and other control characters in every field that can reach a mail header', () => {
    const injections = [
      '\r\nBcc: victim@example.org',
      '\nTo: x@example.org',
      '\r',
      '\u0085',
      '\u2028',
      '\0',
      '\t',
    ]
    for (const injection of injections) {
      for (const field of ['firstName', 'lastName', 'subject'] as const) {
        expect(issueAt(ContactRequestSchema, { ...contact, [field]: `Ada${injection}` }, field)).toBe(
          'line_break',
        )
      }
      expect(
        ContactRequestSchema.safeParse({ ...contact, mail: `ada@example.org${injection}` }).success,
      ).toBe(false)
    }
    // Line breaks belong in a message, NUL does not.
    expect(ContactRequestSchema.safeParse({ ...contact, message: 'Zeile 1\r\nZeile 2' }).success).toBe(true)
    expect(issueAt(ContactRequestSchema, { ...contact, message: 'a\0b' }, 'message')).toBe('line_break')
  })

  it('never lets a line break through a one-line field (property)', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('\r', '\n', '\r\n', '\u2028'),
        fc.string(),
        (before, br, after) => {
          const value = `${before}${br}${after}`
          const result = ContactRequestSchema.safeParse({ ...contact, subject: value.slice(0, 50) })
          if (!result.success) return true
          return result.data.kind !== 'contact' || !/[\r\n\u2028]/.test(result.data.subject)
        },
      ),
    )
  })

  it('reads a bug report and requires its description', () => {
    expect(BugReportRequestSchema.parse(bugReport)).toMatchObject({
      isBugReport: true,
      errorMessage: '',
      differentBrowsers: [],
    })
    for (const field of ['userIntention', 'userExpectation', 'systemResponse'] as const) {
      expect(issueAt(ContactRequestSchema, { ...bugReport, [field]: '' }, field)).toBe('required')
    }
    expect(issueAt(ContactRequestSchema, { ...bugReport, browserUsed: 'Netscape' }, 'browserUsed')).toBe(
      'invalid_choice',
    )
    expect(
      issueAt(
        ContactRequestSchema,
        { ...bugReport, userCheckedInternetConnection: 'maybe' },
        'userCheckedInternetConnection',
      ),
    ).toBe('invalid_choice')
  })

  it('wants an error message exactly when one occurred', () => {
    expect(issueAt(ContactRequestSchema, { ...bugReport, errorMessageOccurred: true }, 'errorMessage')).toBe(
      'required',
    )
    expect(
      ContactRequestSchema.safeParse({ ...bugReport, errorMessageOccurred: true, errorMessage: 'E42' })
        .success,
    ).toBe(true)
    expect(issueAt(ContactRequestSchema, { ...bugReport, errorMessage: 'E42' }, 'errorMessage')).toBe(
      'not_allowed',
    )
  })

  it('takes each browser once in the "also tried" list', () => {
    expect(
      ContactRequestSchema.safeParse({ ...bugReport, differentBrowsers: ['Google Chrome', 'Apple Safari'] })
        .success,
    ).toBe(true)
    expect(
      ContactRequestSchema.safeParse({ ...bugReport, differentBrowsers: ['Google Chrome', 'Google Chrome'] })
        .success,
    ).toBe(false)
  })

  it('keeps the kind and the bug-report flag consistent and refuses unknown fields', () => {
    expect(ContactRequestSchema.safeParse({ ...contact, isBugReport: true }).success).toBe(false)
    expect(ContactRequestSchema.safeParse({ ...bugReport, isBugReport: false }).success).toBe(false)
    expect(ContactRequestSchema.safeParse({ ...contact, kind: 'complaint' }).success).toBe(false)
    expect(ContactRequestSchema.safeParse({ ...contact, cc: 'x@example.org' }).success).toBe(false)
  })

  it('reads a VAT-ID submission with a non-empty value', () => {
    const vatId = {
      kind: 'vat-id',
      mail: 'einkauf@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      message: 'ATU12345678',
      confirmation: true,
    }
    expect(ContactRequestSchema.parse(vatId)).toEqual({ ...vatId, subject: '' })
    expect(issueAt(ContactRequestSchema, { ...vatId, message: ' ' }, 'message')).toBe('required')
  })

  it('answers ok with the submission id', () => {
    expect(ContactResponseSchema.parse({ ok: true, id: 'AAAAAAAAAAAAAAAAAAAAAA' }).ok).toBe(true)
    expect(ContactResponseSchema.safeParse({ ok: false, id: 'AAAAAAAAAAAAAAAAAAAAAA' }).success).toBe(false)
  })
})

describe('newsletter contract', () => {
  const signUp = {
    kind: 'newsletter',
    salutation: 'ms',
    lastName: 'Lovelace',
    mail: 'ada@example.org',
    confirmation: true,
  }

  it('requires salutation, last name, e-mail and confirmation; the rest is optional', () => {
    expect(NewsletterRequestSchema.parse(signUp)).toEqual({
      ...signUp,
      firstName: '',
      firm: '',
      street: '',
      plz: '',
      location: '',
    })
    for (const field of ['salutation', 'lastName', 'mail', 'confirmation']) {
      const { [field]: _dropped, ...rest } = signUp as Record<string, unknown>
      expect(NewsletterRequestSchema.safeParse(rest).success, field).toBe(false)
    }
  })

  it('wants a numeric postal code and names of at most 20 characters', () => {
    expect(NewsletterRequestSchema.safeParse({ ...signUp, plz: '10115' }).success).toBe(true)
    expect(NewsletterRequestSchema.safeParse({ ...signUp, plz: '10 115' }).success).toBe(false)
    expect(NewsletterRequestSchema.safeParse({ ...signUp, plz: 'D-10115' }).success).toBe(false)
    expect(NewsletterRequestSchema.safeParse({ ...signUp, firstName: 'x'.repeat(21) }).success).toBe(false)
    expect(NewsletterRequestSchema.safeParse({ ...signUp, salutation: 'Frau' }).success).toBe(false)
  })
})

describe('legacy ContactForm.php body', () => {
  it('knows the eleven legacy field names', () => {
    expect(LEGACY_CONTACT_FORM_FIELDS).toHaveLength(11)
  })

  it('reads a legacy newsletter sign-up, salutation words and checkbox values included', () => {
    const request = legacyContactFormToRequest({
      subject: 'Newsletteranmeldung',
      salutation: 'Frau',
      firstName: 'Ada',
      lastName: 'Lovelace',
      firm: 'Analytical Engines GmbH',
      street: 'Hauptstraße 1',
      plz: '10115',
      location: 'Berlin',
      confirmation: 'on',
      message: 'Ada Lovelace, Analytical Engines GmbH, Hauptstraße 1, 10115 Berlin',
      mail: 'ada@example.org',
    })
    expect(ContactRequestSchema.parse(request)).toEqual({
      kind: 'newsletter',
      salutation: 'ms',
      firstName: 'Ada',
      lastName: 'Lovelace',
      firm: 'Analytical Engines GmbH',
      street: 'Hauptstraße 1',
      plz: '10115',
      location: 'Berlin',
      mail: 'ada@example.org',
      confirmation: true,
    })
  })

  it('treats non-text JSON values as absent instead of failing (a JSON body reaches the same mapping)', () => {
    const form = { firstName: 'Ada', lastName: 'Lovelace', mail: 'ada@example.org', message: 'Hallo' }
    const json = { ...form, confirmation: [1, 2], subject: { a: 1 }, isBugReport: [true] } as unknown
    const request = legacyContactFormToRequest(json as Parameters<typeof legacyContactFormToRequest>[0])
    expect(request).toMatchObject({ kind: 'contact', confirmation: false, subject: '', message: 'Hallo' })
  })

  it('reads a legacy contact message, a bug report and an explicit VAT-ID submission', () => {
    const base = { firstName: 'Ada', lastName: 'Lovelace', mail: 'ada@example.org', confirmation: 'true' }
    expect(
      ContactRequestSchema.parse(legacyContactFormToRequest({ ...base, subject: 'Frage', message: 'Hallo' }))
        .kind,
    ).toBe('contact')
    const bug = legacyContactFormToRequest({
      ...base,
      message: 'Fehler',
      isBugReport: 'true',
      userIntention: 'Hochladen',
      userExpectation: 'Preis',
      systemResponse: 'Fehler',
      userCheckedInternetConnection: 'no',
      errorMessageOccurred: '1',
      errorMessage: 'E42',
      browserUsed: 'Google Chrome',
      'differentBrowsers[]': ['Apple Safari', 'Microsoft Edge'],
      osUsed: 'Android',
    })
    expect(ContactRequestSchema.parse(bug)).toMatchObject({
      kind: 'bug-report',
      errorMessageOccurred: true,
      differentBrowsers: ['Apple Safari', 'Microsoft Edge'],
    })
    const vat = legacyContactFormToRequest({
      ...base,
      kind: 'vat-id',
      subject: 'USt-IdNr.',
      message: 'ATU12345678',
    })
    expect(ContactRequestSchema.parse(vat)).toMatchObject({ kind: 'vat-id', message: 'ATU12345678' })
  })

  it('refuses an unticked confirmation and a header injection through the legacy names', () => {
    const base = { firstName: 'Ada', lastName: 'Lovelace', mail: 'ada@example.org', message: 'Hallo' }
    expect(
      ContactRequestSchema.safeParse(legacyContactFormToRequest({ ...base, confirmation: 'false' })).success,
    ).toBe(false)
    expect(ContactRequestSchema.safeParse(legacyContactFormToRequest(base)).success).toBe(false)
    expect(
      ContactRequestSchema.safeParse(
        legacyContactFormToRequest({ ...base, confirmation: 'on', subject: 'Hi\r\nBcc: victim@example.org' }),
      ).success,
    ).toBe(false)
  })

  it('takes the first of repeated scalar fields', () => {
    const request = legacyContactFormToRequest({
      firstName: ['Ada', 'Eve'],
      lastName: 'Lovelace',
      mail: 'ada@example.org',
      message: 'Hallo',
      confirmation: 'yes',
    })
    expect(ContactRequestSchema.parse(request)).toMatchObject({ kind: 'contact', firstName: 'Ada' })
  })
})
