import { z } from 'zod'
import { IdSchema } from '#shared/contracts/common.contract.ts'

/**
 * Sessions (spec part 1 §6, part 2 §6; the account issue builds registration and the rest on top). A session is an
 * HttpOnly cookie; the client never sees its token. `POST /api/auth/refresh` answers 201 while the session is
 * valid and 401 otherwise (the client's session machine reads only the status).
 */
export const SIGN_IN_PATH = '/api/auth/signin'
export const LOGOUT_PATH = '/api/auth/logout'
export const REFRESH_PATH = '/api/auth/refresh'

/** Generous bounds: sign-in must not reject an account the registration rules of a later version allow. */
export const SignInRequestSchema = z.strictObject({
  // PostgreSQL text cannot hold a NUL byte: such a name cannot exist, and looking it up fails in the driver (a 500).
  username: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !name.includes('\u0000'), 'A username has no NUL byte'),
  password: z.string().min(1).max(200),
})
export type SignInRequest = z.infer<typeof SignInRequestSchema>

export const UserRoleSchema = z.enum(['staff', 'customer'])
export type UserRole = z.infer<typeof UserRoleSchema>

export const SessionUserSchema = z.object({
  id: IdSchema,
  username: z.string(),
  email: z.string(),
  role: UserRoleSchema,
  /** Business status (part 2 §1): the account's preference is set or its company is verified by staff. */
  isBusinessCustomer: z.boolean(),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

/** The answer of sign-in and refresh. */
export const SessionResponseSchema = z.object({
  user: SessionUserSchema,
  /** When the session ends unless refreshed (ISO 8601). */
  expiresAt: z.iso.datetime({ offset: true }),
})
export type SessionResponse = z.infer<typeof SessionResponseSchema>
