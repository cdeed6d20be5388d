import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { parseVatIdValue, type VatIdAccount } from '#shared/domain/forms/vat-id-form.ts'
import { useAppActors } from '#client/app/app-actors.tsx'
import { CONTACT_FORM_ANCHOR } from '#client/common/page-anchors.ts'
import { ContactForm } from './contact-form-view.tsx'
import { VatIdFormFor } from '#client/common/forms/vat-id-form.tsx'

/** The contact form under the CMS content of `/kontakt`; the app-wide contact actor keeps a draft across pages. */
export function ContactSection() {
  const { content } = useAppActors()
  return (
    <section id={CONTACT_FORM_ANCHOR} className="contact-section">
      <ContactForm actor={content.contactForm} />
    </section>
  )
}

const sameAccount = (a: VatIdAccount, b: VatIdAccount) =>
  a.mail === b.mail && a.firstName === b.firstName && a.lastName === b.lastName

/**
 * The VAT-ID form for business customers on `/kontakt` (part 2 §5, §7; the shop has no account data in the client
 * yet, see docs): it sends the name and e-mail typed into the contact form above, so it appears once those are
 * valid. A new name or address starts a new VAT-ID form.
 */
export function BusinessVatIdSection() {
  const { content, preferences } = useAppActors()
  const isBusiness = useSelector(preferences, (snapshot) => snapshot.context.isBusinessCustomer.value)
  const account = useSelector(
    content.contactForm,
    (snapshot): VatIdAccount => {
      const { firstName, lastName, mail } = snapshot.context.draft
      return { firstName, lastName, mail }
    },
    sameAccount,
  )
  if (!isBusiness) return null
  // The shared rule decides whether name and e-mail can be sent (the value here only stands in for a VAT-ID).
  const canSend = parseVatIdValue('-', account) !== null
  const key = `${account.firstName.trim()}\n${account.lastName.trim()}\n${account.mail.trim()}`
  return (
    <section className="vat-id-section" aria-labelledby="vat-id-title">
      <h2 id="vat-id-title">
        <Trans>USt-IdNr. nachreichen</Trans>
      </h2>
      <p>
        <Trans>
          Für Geschäftskunden: Senden Sie uns Ihre Umsatzsteuer-Identifikationsnummer, damit wir sie vor der
          Rechnungsstellung prüfen können.
        </Trans>
      </p>
      {canSend ? (
        <VatIdFormFor key={key} account={account} />
      ) : (
        <p className="field-hint">
          <Trans>
            Bitte geben Sie dazu oben im Kontaktformular Ihren Vor- und Nachnamen und Ihre E-Mail-Adresse an.
          </Trans>
        </p>
      )}
    </section>
  )
}
