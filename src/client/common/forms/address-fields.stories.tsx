import { type Meta, type StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { createCitySuggestionLogic } from '#client/actors/postal-lookup.actors.ts'
import { austria, sampleAddress, sampleCountries } from '#machines/register/register.fixtures.ts'
import { addressIssues, emptyAddress } from '#shared/domain/forms/address.ts'
import { AddressFields, type AddressValue } from './address-fields.tsx'

type Props = {
  kind: 'billing' | 'shipping'
  isBusinessCustomer: boolean
  start: Partial<AddressValue>
  touched: boolean
  /** With the city suggestion: a fake lookup (10115 Berlin, 1010 Wien; 'slow' never answers) and, to show it at
   * once, a postal code typed when the story opens. */
  citySuggestion?: { lookup: 'answers' | 'slow'; type: string }
}

const PLACES: Record<string, string> = { '10115': 'Berlin', '1010': 'Wien' }
const answering = createCitySuggestionLogic(async (_country, code) => PLACES[code] ?? null)
const slow = createCitySuggestionLogic(() => new Promise<string | null>(() => {}))

/** Types into a field as the shopper would (React listens to the native input event). */
function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setter?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/** The fieldset with its own state, checked by the address rules as a form's machine would. */
function AddressFieldsDemo(props: Props) {
  const [value, setValue] = useState<AddressValue>({ ...emptyAddress(sampleCountries), ...props.start })
  const issues = addressIssues(value, {
    countries: sampleCountries,
    isBusinessCustomer: props.isBusinessCustomer,
    kind: props.kind,
  })
  const typed = props.citySuggestion?.type
  useEffect(() => {
    const input = document.querySelector<HTMLInputElement>('input[autocomplete$="postal-code"]')
    if (typed !== undefined && input) typeInto(input, typed)
  }, [typed])
  const suggestion = props.citySuggestion && (props.citySuggestion.lookup === 'slow' ? slow : answering)
  return (
    <form className="form" noValidate>
      <AddressFields
        {...(suggestion ? { citySuggestion: suggestion } : {})}
        kind={props.kind}
        value={value}
        issues={issues}
        countries={sampleCountries}
        isBusinessCustomer={props.isBusinessCustomer}
        touched={props.touched}
        onChange={(field, next) => setValue((previous) => ({ ...previous, [field]: next }))}
      />
    </form>
  )
}

/** The billing and shipping address fieldset (spec part 2 §3 Address, §5 address rules). */
const meta = {
  title: 'Forms/Address fields',
  component: AddressFieldsDemo,
  args: { kind: 'billing', isBusinessCustomer: false, start: {}, touched: false },
} satisfies Meta<typeof AddressFieldsDemo>

export default meta
type Story = StoryObj<typeof meta>

export const BillingEmpty: Story = {}
export const BillingFilled: Story = { args: { start: sampleAddress } }
export const Shipping: Story = { args: { kind: 'shipping', start: sampleAddress } }
/** A business customer in Austria: company and VAT number required, the invoice e-mail offered. */
export const BusinessInAustria: Story = {
  args: {
    isBusinessCustomer: true,
    start: { ...sampleAddress, company: 'Wiener Werk', countryId: austria._id, postalCode: '1010' },
  },
}
/** Business customer without a company yet: the VAT number is disabled with its hint. */
export const BusinessWithoutCompany: Story = {
  args: { isBusinessCustomer: true, start: { ...sampleAddress, company: '' } },
}
/** Every issue shown: empty required fields, a postal code of another country, a name over 20 characters. */
export const ErrorsShown: Story = {
  args: {
    touched: true,
    start: { firstname: 'Maximiliane-Konstanze', postalCode: '1010', city: '' },
  },
}
export const ErrorsShownEnglish: Story = { ...ErrorsShown, globals: { locale: 'en' } }
export const BusinessInAustriaFrench: Story = { ...BusinessInAustria, globals: { locale: 'fr' } }
/** The city suggestion (part 2 §5): 500 ms after the postal code, the first place name fills the empty city. */
export const CitySuggested: Story = { args: { citySuggestion: { lookup: 'answers', type: '10115' } } }
/** While the lookup runs: the loading indicator under the city field. */
export const CityLookingUp: Story = { args: { citySuggestion: { lookup: 'slow', type: '10115' } } }
/** A city the shopper typed stays: the suggestion never overwrites it. */
export const CityTypedKept: Story = {
  args: { start: { city: 'Potsdam' }, citySuggestion: { lookup: 'answers', type: '10115' } },
}
