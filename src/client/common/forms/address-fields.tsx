import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useRef, useState } from 'react'
import { citySuggestionMachine, type PostalQuery } from '#machines/city-suggestion/city-suggestion.machine.ts'
import { type BillingAddressInput } from '#shared/contracts/account.contract.ts'
import { type ShippingCountry } from '#shared/contracts/shipping.contract.ts'
import {
  type AddressField,
  type AddressIssues,
  type AddressRules,
  vatIdEnabled,
  vatIdRequired,
} from '#shared/domain/forms/address.ts'
import { ADDRESS_FIELD_MAX, MAIL_MAX, POSTAL_CODE_MAX } from '#shared/domain/forms/form-fields.ts'
import { NAME_MAX, POSTAL_LOOKUP_DELAY_MS } from '#shared/domain/limits.ts'
import { type CitySuggestionLogic } from '#client/actors/postal-lookup.actors.ts'
import { useOptionalAppActors } from '#client/app/app-actors.tsx'
import { SelectField, TextField, useTouchedFields } from './fields.tsx'
import './forms.css'
import './address-fields.css'

/**
 * The billing or shipping address fieldset of registration, the account form and checkout (spec part 2 §3 Address,
 * §5 address rules). It shows what its owner holds and reports changes; the rules (`addressIssues`) run in the
 * owner's machine, which passes the issues in. A field's issue shows once the field was left or holds a value, or
 * for every field when `touched` is set (after the server refused the address, say).
 */

/** Every field of a billing address as the forms hold it (a shipping address leaves the last two empty). */
export type AddressValue = Required<BillingAddressInput>

export type AddressFieldsProps = {
  kind: AddressRules['kind']
  value: AddressValue
  issues: AddressIssues
  onChange: (field: AddressField, value: string) => void
  isBusinessCustomer: boolean
  /** The shipping countries (`GET /api/shipping/countries`): the country select's options. */
  countries: readonly ShippingCountry[]
  /** Show every field's issue now, touched or not. */
  touched?: boolean
  /** While the form is being sent. */
  disabled?: boolean
  /**
   * The city suggestion's machine with its lookup (part 2 §5); by default the app's (`GET /api/shipping/postal-codes`),
   * none outside the app. Stories pass one with a fake lookup.
   */
  citySuggestion?: CitySuggestionLogic
}

export const addressFieldLabels = {
  title: msg`Anrede / Titel`,
  firstname: msg`Vorname`,
  lastname: msg`Nachname`,
  company: msg`Firma`,
  street: msg`Straße und Hausnummer`,
  addressSuffix: msg`Adresszusatz`,
  postalCode: msg`Postleitzahl`,
  city: msg`Ort`,
  countryId: msg`Land`,
  vatRegistrationNumber: msg`USt-IdNr.`,
  email: msg`E-Mail-Adresse für Rechnungen`,
} as const satisfies Record<AddressField, MessageDescriptor>

/** Where a browser's autofill finds each field (`billing` or `shipping` section). */
const AUTOCOMPLETE: Partial<Record<AddressField, string>> = {
  title: 'honorific-prefix',
  firstname: 'given-name',
  lastname: 'family-name',
  company: 'organization',
  street: 'address-line1',
  addressSuffix: 'address-line2',
  postalCode: 'postal-code',
  city: 'address-level2',
  countryId: 'country',
  email: 'email',
}

const MAX_LENGTH: Record<Exclude<AddressField, 'countryId'>, number> = {
  title: ADDRESS_FIELD_MAX,
  firstname: NAME_MAX,
  lastname: NAME_MAX,
  company: ADDRESS_FIELD_MAX,
  street: ADDRESS_FIELD_MAX,
  addressSuffix: ADDRESS_FIELD_MAX,
  postalCode: POSTAL_CODE_MAX,
  city: ADDRESS_FIELD_MAX,
  vatRegistrationNumber: 20,
  email: MAIL_MAX,
}

/** The postal code worth looking up: a country of the list and a code that matches its pattern; else null. */
function postalQueryOf(
  value: Pick<AddressValue, 'countryId' | 'postalCode'>,
  countries: readonly ShippingCountry[],
) {
  const country = countries.find((candidate) => candidate._id === value.countryId)
  const postalCode = value.postalCode.trim()
  if (!country || postalCode === '' || !new RegExp(country.postalCodeRegex).test(postalCode)) return null
  return { countryCode: country.countryCode, postalCode } satisfies PostalQuery
}

/**
 * The city suggestion (part 2 §5): an actor per fieldset, told about postal-code and country input (not about values
 * loaded into the form) and about every city value; it fills the city through `onChange` only while the field is
 * empty or holds its own earlier suggestion. Returns whether a lookup is running, and the input handler.
 */
function useCitySuggestion(props: AddressFieldsProps) {
  const app = useOptionalAppActors()
  const onChange = useRef(props.onChange)
  useEffect(() => {
    onChange.current = props.onChange
  })
  const [logic] = useState(() =>
    (props.citySuggestion ?? app?.citySuggestion ?? citySuggestionMachine).provide({
      actions: { fillCity: (_, params) => onChange.current('city', params.city) },
    }),
  )
  const actor = useActorRef(logic, { input: { delayMs: POSTAL_LOOKUP_DELAY_MS } })
  const hasLookup = props.citySuggestion !== undefined || app !== null
  const city = props.value.city
  useEffect(() => {
    actor.send({ type: 'citySuggestion.cityChanged', city })
  }, [actor, city])
  const isLookingUp = useSelector(actor, (snapshot) => snapshot.hasTag('loading'))
  const placeChanged = (field: 'postalCode' | 'countryId', next: string) => {
    if (!hasLookup) return
    const query = postalQueryOf({ ...props.value, [field]: next }, props.countries)
    actor.send(
      query
        ? { type: 'citySuggestion.postalCodeChanged', query }
        : { type: 'citySuggestion.postalCodeCleared' },
    )
  }
  return { isLookingUp, placeChanged }
}

/** The props every text field of the fieldset shares. */
function useAddressFieldKit(props: AddressFieldsProps) {
  const { i18n } = useLingui()
  const id = useId()
  const { touch, shown } = useTouchedFields<AddressField>()
  const fieldId = (field: AddressField) => `${id}-${props.kind}-${field}`
  const issueOf = (field: AddressField) =>
    props.touched
      ? (props.issues[field] ?? null)
      : shown(field, props.issues[field], props.value[field].trim() !== '')
  const text = (field: Exclude<AddressField, 'countryId'>, required = false) => ({
    id: fieldId(field),
    label: i18n._(addressFieldLabels[field]),
    value: props.value[field],
    issue: issueOf(field),
    maxLength: MAX_LENGTH[field],
    required,
    disabled: props.disabled,
    autoComplete: AUTOCOMPLETE[field] ? `${props.kind} ${AUTOCOMPLETE[field]}` : 'off',
    onChange: (value: string) => props.onChange(field, value),
    onBlur: () => touch(field),
  })
  return { id, fieldId, issueOf, text, touch }
}

/** The address fieldset: title, names, company, street, suffix, postal code, city, country (+ VAT, invoice mail). */
export function AddressFields(props: AddressFieldsProps) {
  const { i18n } = useLingui()
  const { fieldId, issueOf, text, touch } = useAddressFieldKit(props)
  const { isLookingUp, placeChanged } = useCitySuggestion(props)
  const { value, kind, isBusinessCustomer } = props
  const postalCode = text('postalCode', true)
  return (
    <fieldset className="form__section address-fields" disabled={props.disabled}>
      <legend>{kind === 'billing' ? <Trans>Rechnungsadresse</Trans> : <Trans>Lieferadresse</Trans>}</legend>
      <TextField {...text('title')} />
      <div className="form__row">
        <TextField {...text('firstname', true)} />
        <TextField {...text('lastname', true)} />
      </div>
      <TextField {...text('company', isBusinessCustomer)} />
      <TextField {...text('street', true)} />
      <TextField {...text('addressSuffix')} />
      <div className="form__row address-fields__place">
        <TextField
          {...postalCode}
          onChange={(next) => {
            postalCode.onChange(next)
            placeChanged('postalCode', next)
          }}
        />
        <TextField
          {...text('city', true)}
          hint={
            isLookingUp ? (
              <span className="address-fields__looking-up" role="status">
                <Trans>Ort wird gesucht …</Trans>
              </span>
            ) : undefined
          }
        />
      </div>
      <SelectField<string>
        id={fieldId('countryId')}
        label={i18n._(addressFieldLabels.countryId)}
        required
        disabled={props.disabled}
        value={value.countryId}
        options={props.countries.map((country) => ({ value: country._id, label: country.country }))}
        issue={issueOf('countryId')}
        onChange={(countryId) => {
          props.onChange('countryId', countryId)
          placeChanged('countryId', countryId)
        }}
        onBlur={() => touch('countryId')}
      />
      {kind === 'billing' && <BillingExtras props={props} text={text} />}
    </fieldset>
  )
}

type TextKit = ReturnType<typeof useAddressFieldKit>['text']

/** Billing only: the VAT number (with a company; required for business customers in the EU outside Germany) and,
 * for business customers, a separate e-mail address for invoices. */
function BillingExtras({ props, text }: { props: AddressFieldsProps; text: TextKit }) {
  const rules = { countries: props.countries, isBusinessCustomer: props.isBusinessCustomer, kind: props.kind }
  const enabled = vatIdEnabled(props.value)
  const required = vatIdRequired(props.value, rules)
  const vat = text('vatRegistrationNumber', required)
  return (
    <>
      <TextField
        {...vat}
        disabled={props.disabled === true || !enabled}
        // A disabled field's value is not sent, so its issue would only confuse.
        issue={enabled ? vat.issue : null}
        hint={enabled ? undefined : <Trans>Erst nach Angabe einer Firma auszufüllen.</Trans>}
      />
      {props.isBusinessCustomer && (
        <TextField
          {...text('email')}
          type="email"
          hint={<Trans>Optional: Rechnungen gehen dann an diese Adresse statt an Ihre Konto-E-Mail.</Trans>}
        />
      )}
    </>
  )
}
