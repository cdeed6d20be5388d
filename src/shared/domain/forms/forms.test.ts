import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  canSubmitContact,
  contactIssues,
  contactRequestOf,
  emptyContactDraft,
  missingContactFields,
  parseContactDraft,
  toggleBrowser,
} from '#shared/domain/forms/contact-draft.ts'
import { fieldIssuesOf, hasLineBreakOrControl, missingFields } from '#shared/domain/forms/form-fields.ts'
import {
  canSubmitNewsletter,
  emptyNewsletterDraft,
  missingNewsletterFields,
  newsletterIssues,
  parseNewsletterDraft,
} from '#shared/domain/forms/newsletter-form.ts'
import { parseVatIdValue, vatIdValueIssue } from '#shared/domain/forms/vat-id-form.ts'
import { NewsletterRequestSchema } from '#shared/contracts/newsletter.contract.ts'

const filledContact = {
  ...emptyContactDraft(),
  firstName: 'Ada',
  lastName: 'Lovelace',
  mail: 'ada@example.org',
  message: 'Hallo',
  confirmation: true,
}

describe('form field helpers', () => {
  it('lists missing fields: blank strings and unticked boxes', () => {
    expect(missingFields({ a: ' ', b: 'x', c: false, d: true }, ['a', 'b', 'c', 'd'])).toEqual(['a', 'c'])
  })

  it('reports the first issue per field as a code', () => {
    expect(
      fieldIssuesOf(NewsletterRequestSchema, {
        kind: 'newsletter',
        salutation: 'sir',
        lastName: 'x'.repeat(21),
        mail: 'nope',
        plz: 'abc',
        confirmation: false,
      }),
    ).toEqual({
      salutation: 'invalid_choice',
      lastName: 'too_long',
      mail: 'invalid_email',
      plz: 'not_numeric',
      confirmation: 'must_confirm',
    })
  })

  it('spots line breaks and control characters, not ordinary text', () => {
    expect(hasLineBreakOrControl('Müller-Lüdenscheidt & Söhne')).toBe(false)
    for (const bad of ['a\nb', 'a\rb', 'a\u2028b', 'a\u0085b', 'a\u0000b', 'a\tb']) {
      expect(hasLineBreakOrControl(bad), JSON.stringify(bad)).toBe(true)
    }
  })
})

describe('newsletter form rules', () => {
  it('starts with the footer e-mail and needs salutation, last name and confirmation', () => {
    const draft = emptyNewsletterDraft('ada@example.org')
    expect(missingNewsletterFields(draft)).toEqual(['salutation', 'lastName', 'confirmation'])
    expect(newsletterIssues(draft)).toMatchObject({
      salutation: 'required',
      lastName: 'required',
      confirmation: 'must_confirm',
    })
    expect(canSubmitNewsletter(draft)).toBe(false)
    const filled = { ...draft, salutation: 'mr', lastName: 'Babbage', confirmation: true }
    expect(canSubmitNewsletter(filled)).toBe(true)
    expect(newsletterIssues(filled)).toEqual({})
    expect(parseNewsletterDraft(filled)).toMatchObject({ kind: 'newsletter', salutation: 'mr' })
  })

  it('is sendable exactly when nothing is missing and nothing is invalid (property)', () => {
    const text = fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 25 }))
    fc.assert(
      fc.property(
        fc.record({
          salutation: fc.constantFrom('', 'ms', 'mr', 'diverse', 'Frau'),
          firstName: text,
          lastName: text,
          firm: text,
          street: text,
          plz: fc.constantFrom('', '10115', '1O115'),
          location: text,
          mail: fc.constantFrom('', 'ada@example.org', 'ada@', 'ada@example.org\r\nBcc: x@example.org'),
          confirmation: fc.boolean(),
        }),
        (draft) => {
          const sendable = canSubmitNewsletter(draft)
          const clean =
            missingNewsletterFields(draft).length === 0 && Object.keys(newsletterIssues(draft)).length === 0
          return sendable === clean
        },
      ),
    )
  })
})

describe('contact form rules', () => {
  it('sends a contact message without the bug-report fields', () => {
    expect(canSubmitContact(filledContact)).toBe(true)
    expect(contactRequestOf(filledContact)).not.toHaveProperty('browserUsed')
    expect(parseContactDraft(filledContact)).toMatchObject({ kind: 'contact', isBugReport: false })
  })

  it('needs the bug description and the connection answer in bug-report mode', () => {
    const bug = { ...filledContact, isBugReport: true }
    expect(missingContactFields(bug)).toEqual([
      'userIntention',
      'userExpectation',
      'systemResponse',
      'userCheckedInternetConnection',
    ])
    expect(contactIssues(bug)).toMatchObject({
      userIntention: 'required',
      userCheckedInternetConnection: 'required',
    })
    const described = {
      ...bug,
      userIntention: 'Hochladen',
      userExpectation: 'Preis',
      systemResponse: 'Fehler',
      userCheckedInternetConnection: 'no' as const,
    }
    expect(canSubmitContact(described)).toBe(true)
    expect(missingContactFields({ ...described, errorMessageOccurred: true })).toEqual(['errorMessage'])
    expect(contactRequestOf({ ...described, errorMessage: 'kept but not sent' })).toMatchObject({
      errorMessage: '',
    })
  })

  it('toggles browsers in the "also tried" list', () => {
    expect(toggleBrowser([], 'Google Chrome')).toEqual(['Google Chrome'])
    expect(toggleBrowser(['Google Chrome', 'Apple Safari'], 'Google Chrome')).toEqual(['Apple Safari'])
  })

  it('is sendable exactly when nothing is missing and nothing is invalid (property)', () => {
    const text = fc.oneof(fc.constant(''), fc.constant('Ada'), fc.string({ maxLength: 25 }))
    fc.assert(
      fc.property(
        fc.record({
          isBugReport: fc.boolean(),
          firstName: text,
          lastName: text,
          mail: fc.constantFrom('', 'ada@example.org', 'nope'),
          message: fc.constantFrom('', 'Hallo', 'x'.repeat(401)),
          confirmation: fc.boolean(),
          userIntention: text,
          userExpectation: text,
          systemResponse: text,
          userCheckedInternetConnection: fc.constantFrom('' as const, 'yes' as const, 'no' as const),
          errorMessageOccurred: fc.boolean(),
          errorMessage: text,
        }),
        (fields) => {
          const draft = { ...emptyContactDraft(), ...fields }
          const clean =
            missingContactFields(draft).length === 0 && Object.keys(contactIssues(draft)).length === 0
          return canSubmitContact(draft) === clean
        },
      ),
    )
  })
})

describe('VAT-ID form rules', () => {
  const account = { mail: 'einkauf@example.org', firstName: 'Ada', lastName: 'Lovelace' }

  it('needs a non-empty one-line value', () => {
    expect(vatIdValueIssue('')).toBe('required')
    expect(vatIdValueIssue('   ')).toBe('required')
    expect(vatIdValueIssue('ATU12345678')).toBeNull()
    expect(vatIdValueIssue('x'.repeat(401))).toBe('too_long')
    expect(parseVatIdValue(' DE123456789 ', account)).toMatchObject({
      kind: 'vat-id',
      message: 'DE123456789',
    })
    expect(parseVatIdValue('DE123456789', { ...account, mail: '' })).toBeNull()
  })
})
