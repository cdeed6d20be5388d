import { fromPromise } from 'xstate'
import { z } from 'zod'
import { emailChangeMachine } from '#machines/email-change/email-change.machine.ts'
import { passwordChangeMachine } from '#machines/password-change/password-change.machine.ts'
import { profileFormMachine } from '#machines/profile-form/profile-form.machine.ts'
import { resetPasswordMachine } from '#machines/reset-password/reset-password.machine.ts'
import {
  EMAIL_CHANGE_PATH,
  EMAIL_CONFIRM_PATH,
  NeutralAnswerSchema,
  PASSWORD_CHANGE_PATH,
  RESET_PASSWORD_CALLBACK_PATH,
  RESET_PASSWORD_PATH,
  USER_DETAILS_PATH,
  UserDetailsSchema,
} from '#shared/contracts/account.contract.ts'
import {
  GetShippingCountriesResponseSchema,
  SHIPPING_COUNTRIES_PATH,
} from '#shared/contracts/shipping.contract.ts'
import { type ApiClient } from '#client/actors/api-client.ts'
import { notify, type NotificationsRef } from '#client/actors/notify.ts'

/** The answer of a route that confirms with 204 and no body. */
const NoContentSchema = z.unknown()

export type AccountFormsDeps = {
  api: ApiClient
  notifications: NotificationsRef
  /** The session logs out (after a password change): `session.logout` to the session actor. */
  logout: () => void
}

/** Reset password (part 2 §4): the link request and the new password with the link's code. */
function createResetPasswordLogic(deps: AccountFormsDeps) {
  return resetPasswordMachine.provide({
    actors: {
      requestResetLink: fromPromise(({ input, signal }) =>
        deps.api.post(RESET_PASSWORD_PATH, input, NeutralAnswerSchema, { signal }),
      ),
      setNewPassword: fromPromise(({ input, signal }) =>
        deps.api.post(RESET_PASSWORD_CALLBACK_PATH, input, NoContentSchema, { signal }),
      ),
    },
    actions: { notifyResetSuccess: () => notify(deps.notifications, 'password-reset-success') },
  })
}

/** E-mail change (issue 15): the new address gets a link; opening it confirms. */
function createEmailChangeLogic(deps: AccountFormsDeps) {
  return emailChangeMachine.provide({
    actors: {
      requestEmailChange: fromPromise(({ input, signal }) =>
        deps.api.post(EMAIL_CHANGE_PATH, input, NeutralAnswerSchema, { signal }),
      ),
      confirmEmailChange: fromPromise(({ input, signal }) =>
        deps.api.post(EMAIL_CONFIRM_PATH, input, NoContentSchema, { signal }),
      ),
    },
  })
}

/** Password change (part 2 §4, §7 "then logout"). */
function createPasswordChangeLogic(deps: AccountFormsDeps) {
  return passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise(({ input, signal }) =>
        deps.api.post(PASSWORD_CHANGE_PATH, input, NoContentSchema, { signal }),
      ),
    },
    actions: {
      notifyPasswordChanged: () => notify(deps.notifications, 'password-change-success'),
      endSession: () => deps.logout(),
    },
  })
}

/** The account form (part 2 §3, §7 `GET`/`PUT /auth/user/details`): the account and the countries in parallel. */
function createProfileFormLogic(deps: AccountFormsDeps) {
  return profileFormMachine.provide({
    actors: {
      loadProfile: fromPromise(async ({ signal }) => {
        const [details, countries] = await Promise.all([
          deps.api.get(USER_DETAILS_PATH, UserDetailsSchema, { signal }),
          deps.api.get(SHIPPING_COUNTRIES_PATH, GetShippingCountriesResponseSchema, { signal }),
        ])
        return { details, countries: countries.shippingCountries }
      }),
      saveProfile: fromPromise(({ input, signal }) =>
        deps.api.put(USER_DETAILS_PATH, input.request, UserDetailsSchema, { signal }),
      ),
    },
    actions: {
      notifySaved: () => notify(deps.notifications, 'account-save-success'),
      notifySaveFailed: () => notify(deps.notifications, 'generic-warning'),
    },
  })
}

/**
 * The logic of the four account forms with their API calls (issue 15); each page starts its own actor from it (a
 * page's state lives as long as the page), as the VAT-ID form does.
 */
export function createAccountFormsLogic(deps: AccountFormsDeps) {
  return {
    resetPassword: createResetPasswordLogic(deps),
    emailChange: createEmailChangeLogic(deps),
    passwordChange: createPasswordChangeLogic(deps),
    profileForm: createProfileFormLogic(deps),
  }
}

export type AccountFormsLogic = ReturnType<typeof createAccountFormsLogic>
