import { z } from 'zod'
import { NAME_MAX } from '#shared/domain/limits.ts'
import {
  ADDRESS_FIELD_MAX,
  confirmationField,
  mailField,
  nameField,
  oneLineText,
  postalCodeField,
  requiredNameField,
} from '#shared/domain/forms/form-fields.ts'

/**
 * The newsletter sign-up (spec part 1 §2 "Newsletter modal", §5, §7 `ContactForm.php`): sent as one `kind` of
 * `POST /api/contact` (contact.contract.ts). Required: salutation, last name, e-mail and the privacy confirmation;
 * names at most 20 characters; postal code digits only.
 */

/** Salutation codes; views show Frau / Herr / Divers (or the English and French words). */
export const SALUTATIONS = ['ms', 'mr', 'diverse'] as const
export type Salutation = (typeof SALUTATIONS)[number]
export const SalutationSchema = z.enum(SALUTATIONS, { error: 'invalid_choice' })

/** The salutation field is a select, so its limit (NAME_MAX) only matters for the legacy form's free text. */
export const SALUTATION_MAX = NAME_MAX

export const NewsletterRequestSchema = z.strictObject({
  kind: z.literal('newsletter'),
  salutation: SalutationSchema,
  firstName: nameField().default(''),
  lastName: requiredNameField(),
  firm: oneLineText(ADDRESS_FIELD_MAX).default(''),
  street: oneLineText(ADDRESS_FIELD_MAX).default(''),
  plz: postalCodeField().default(''),
  location: oneLineText(ADDRESS_FIELD_MAX).default(''),
  mail: mailField(),
  confirmation: confirmationField(),
})
export type NewsletterRequest = z.infer<typeof NewsletterRequestSchema>
export type NewsletterRequestInput = z.input<typeof NewsletterRequestSchema>
