import { z } from 'zod'

/** The local-storage key that holds the visitor's cookie choice (spec part 1 §4, part 2 §4). */
export const COOKIE_CHOICE_STORAGE_KEY = 'cookies'

/** The stored cookie choice: essential cookies are always on, statistics and marketing are opt-in. */
export const CookieChoiceSchema = z.object({
  essentialCookies: z.literal(true),
  statisticCookies: z.boolean(),
  marketingCookies: z.boolean(),
})
export type CookieChoice = z.infer<typeof CookieChoiceSchema>

/** The choice the dialog starts from when nothing is stored: only essential cookies. */
export const DEFAULT_COOKIE_CHOICE: CookieChoice = {
  essentialCookies: true,
  statisticCookies: false,
  marketingCookies: false,
}
