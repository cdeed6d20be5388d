const SLASH = 0x2f
const QUESTION_MARK = 0x3f

/**
 * True for a request URL of the API (`/api`, `/api/…`, `/api?…`): JSON answers, downloads and images, never a page.
 * Without a split or a regex: the security headers ask it on every request (decision 0152).
 */
export function isApiPath(url: string): boolean {
  if (!url.startsWith('/api')) return false
  const next = url.charCodeAt(4)
  return Number.isNaN(next) || next === SLASH || next === QUESTION_MARK
}
