import { fromPromise } from 'xstate'
import { z } from 'zod'
import { optinMachine } from '#machines/optin/optin.machine.ts'
import { registerMachine } from '#machines/register/register.machine.ts'
import { OPTIN_PATH, SIGN_UP_PATH, SignUpResponseSchema } from '#shared/contracts/account.contract.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import { type ApiClient } from '#client/actors/api-client.ts'

/**
 * The registration's edges (spec part 2 §7 `POST /auth/signup`, `POST /auth/optin`, `GET /shipping/countries`):
 * the register and opt-in machines with their calls. The views start one actor per page from these logics; a
 * refused call rejects with the API error (`status`, `code`, and a 400's `issues`), which the machines read.
 */
export function createRegistrationLogic(api: ApiClient) {
  return {
    register: registerMachine.provide({
      actors: {
        loadCountries: fromPromise(async ({ signal }) => {
          const answer = await api.get(SHIPPING_COUNTRIES_PATH, GetShippingCountriesResponseSchema, {
            signal,
          })
          return answer.shippingCountries
        }),
        signUp: fromPromise(({ input, signal }) =>
          api.post(SIGN_UP_PATH, input.request, SignUpResponseSchema, { signal }),
        ),
      },
    }),
    optin: optinMachine.provide({
      actors: {
        // The answer's body says nothing more than its 2xx status.
        confirmOptin: fromPromise(({ input, signal }) =>
          api.post(OPTIN_PATH, { uuid: input.uuid }, z.unknown(), { signal }),
        ),
      },
    }),
  }
}

export type RegistrationLogic = ReturnType<typeof createRegistrationLogic>
