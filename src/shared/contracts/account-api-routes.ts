import {
  EMAIL_CHANGE_PATH,
  EMAIL_CONFIRM_PATH,
  EmailChangeRequestSchema,
  EmailConfirmRequestSchema,
  NeutralAnswerSchema,
  OPTIN_PATH,
  OptInRequestSchema,
  PASSWORD_CHANGE_PATH,
  PasswordChangeRequestSchema,
  RESET_PASSWORD_CALLBACK_PATH,
  RESET_PASSWORD_PATH,
  ResetPasswordCallbackRequestSchema,
  ResetPasswordRequestSchema,
  SIGN_UP_PATH,
  SignUpRequestSchema,
  SignUpResponseSchema,
  UpdateUserDetailsRequestSchema,
  UpdateUserPreferencesRequestSchema,
  USER_DETAILS_PATH,
  USER_PREFERENCES_PATH,
  UserDetailsSchema,
} from '#shared/contracts/account.contract.ts'
import { type ApiRoute, created, json, NO_CONTENT, ok } from '#shared/contracts/api-route.ts'
import { ApiRequestHeadersSchema } from '#shared/contracts/common.contract.ts'
import { LANGUAGE_HEADER } from '#shared/domain/limits.ts'

/** The account routes of the API route table (api-routes.ts; issue 15, decision 0086). */

/** The language header picks the language of the mail a route sends. */
const MAIL_LANGUAGE = ApiRequestHeadersSchema.pick({ [LANGUAGE_HEADER]: true })
const accepted = { 202: { kind: 'json', schema: NeutralAnswerSchema } } as const

export const ACCOUNT_API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    path: SIGN_UP_PATH,
    summary: 'Register; the opt-in link is mailed (a known e-mail gets the same answer, its owner a notice)',
    tag: 'auth',
    auth: 'none',
    headers: MAIL_LANGUAGE,
    body: json(SignUpRequestSchema),
    responses: created(SignUpResponseSchema),
  },
  {
    method: 'POST',
    path: OPTIN_PATH,
    summary:
      'Confirm a registration with the code of its opt-in link (410 link_invalid when used or expired)',
    tag: 'auth',
    auth: 'none',
    body: json(OptInRequestSchema),
    responses: NO_CONTENT,
  },
  {
    method: 'POST',
    path: RESET_PASSWORD_PATH,
    summary: 'Ask for a password reset link; one answer whether or not an account exists',
    tag: 'auth',
    auth: 'none',
    headers: MAIL_LANGUAGE,
    body: json(ResetPasswordRequestSchema),
    responses: accepted,
  },
  {
    method: 'POST',
    path: RESET_PASSWORD_CALLBACK_PATH,
    summary: 'Set a new password with the code of a reset link; ends every session of the account',
    tag: 'auth',
    auth: 'none',
    body: json(ResetPasswordCallbackRequestSchema),
    responses: NO_CONTENT,
  },
  {
    method: 'POST',
    path: PASSWORD_CHANGE_PATH,
    summary: 'Change the password (422 wrong_password); ends every session of the account',
    tag: 'auth',
    auth: 'session',
    body: json(PasswordChangeRequestSchema),
    responses: NO_CONTENT,
  },
  {
    method: 'POST',
    path: EMAIL_CHANGE_PATH,
    summary: 'Ask to change the e-mail; a confirmation link goes to the new address',
    tag: 'auth',
    auth: 'session',
    headers: MAIL_LANGUAGE,
    body: json(EmailChangeRequestSchema),
    responses: accepted,
  },
  {
    method: 'POST',
    path: EMAIL_CONFIRM_PATH,
    summary: 'Change the e-mail with the code of its confirmation link',
    tag: 'auth',
    auth: 'none',
    body: json(EmailConfirmRequestSchema),
    responses: NO_CONTENT,
  },
  {
    method: 'GET',
    path: USER_DETAILS_PATH,
    summary: 'The account of the session',
    tag: 'auth',
    auth: 'session',
    responses: ok(UserDetailsSchema),
  },
  {
    method: 'PUT',
    path: USER_DETAILS_PATH,
    summary: 'Save the account data (userId and email of the body are ignored)',
    tag: 'auth',
    auth: 'session',
    body: json(UpdateUserDetailsRequestSchema),
    responses: ok(UserDetailsSchema),
  },
  {
    method: 'PUT',
    path: USER_PREFERENCES_PATH,
    summary: 'Store the customer-type preference of the session account',
    tag: 'auth',
    auth: 'session',
    body: json(UpdateUserPreferencesRequestSchema),
    responses: ok(UserDetailsSchema),
  },
]
