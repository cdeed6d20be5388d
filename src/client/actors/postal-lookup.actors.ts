import { fromPromise } from 'xstate'
import { citySuggestionMachine } from '#machines/city-suggestion/city-suggestion.machine.ts'
import { POSTAL_CODE_LOOKUP_PATH, PostalCodeResponseSchema } from '#shared/contracts/checkout.contract.ts'
import { type ApiClient } from './api-client.ts'

/** The city of a postal code, or null (the server's proxy; decision 0099). */
export type LookUpCity = (
  countryCode: string,
  postalCode: string,
  signal: AbortSignal,
) => Promise<string | null>

/** `GET /api/shipping/postal-codes/{country}/{code}`: the shop's server asks the postal-code service, never the browser. */
export function createLookUpCity(api: ApiClient): LookUpCity {
  return async (countryCode, postalCode, signal) => {
    const path = POSTAL_CODE_LOOKUP_PATH.replace('{country}', encodeURIComponent(countryCode)).replace(
      '{code}',
      encodeURIComponent(postalCode.trim()),
    )
    const answer = await api.get(path, PostalCodeResponseSchema, { signal })
    return answer.city
  }
}

export type CitySuggestionLogic = ReturnType<typeof createCitySuggestionLogic>

/** The city-suggestion machine with its lookup; the form provides `fillCity` where it is mounted. */
export function createCitySuggestionLogic(lookUpCity: LookUpCity) {
  return citySuggestionMachine.provide({
    actors: {
      lookUpCity: fromPromise(({ input, signal }) => lookUpCity(input.countryCode, input.postalCode, signal)),
    },
  })
}
