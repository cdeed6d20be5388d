import { z } from 'zod'

/** The local-storage key that holds the user preferences (kept when an order completes, spec part 2 §4). */
export const PREFERENCES_STORAGE_KEY = 'preferences'

/** A preference the user may not have expressed yet: `isSet` is false until they choose. */
export const PreferenceFlagSchema = z.object({ value: z.boolean(), isSet: z.boolean() })
export type PreferenceFlag = z.infer<typeof PreferenceFlagSchema>

/** The stored user preferences: business or private customer, and the accepted attachment disclaimer. */
export const PreferencesSchema = z.object({
  isBusinessCustomer: PreferenceFlagSchema,
  acceptAttachmentDisclaimer: PreferenceFlagSchema,
})
export type Preferences = z.infer<typeof PreferencesSchema>

/** Preferences before the user has chosen anything. */
export const DEFAULT_PREFERENCES: Preferences = {
  isBusinessCustomer: { value: false, isSet: false },
  acceptAttachmentDisclaimer: { value: false, isSet: false },
}
