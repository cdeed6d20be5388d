/**
 * The query of the order pages (decision 0100): `access` is a guest's order access token, `token` and `PayerID` are
 * what the payment provider appends to the return and cancel URLs, `orderId` names the order on pages without it in
 * the path (`/quote-generated`, `/order-failed`).
 */
export type OrderPageSearch = { access?: string; token?: string; PayerID?: string; orderId?: string }

const KEYS = ['access', 'token', 'PayerID', 'orderId'] as const

/** Keeps the known keys with a short plain string; anything else is dropped (the server checks the values). */
export function validateOrderPageSearch(search: Record<string, unknown>): OrderPageSearch {
  const result: OrderPageSearch = {}
  for (const key of KEYS) {
    const value = search[key]
    if (typeof value === 'string' && value !== '' && value.length <= 200) result[key] = value
  }
  return result
}

/** `/track-order`: every query parameter is passed on to the legacy tracking endpoint as text. */
export type TrackOrderSearch = Record<string, string>

export function validateTrackOrderSearch(search: Record<string, unknown>): TrackOrderSearch {
  const result: TrackOrderSearch = {}
  for (const [key, value] of Object.entries(search)) {
    // The router parses `?order=123` as a number: the legacy endpoint gets it back as written.
    if (typeof value === 'string' || typeof value === 'number') result[key] = String(value)
  }
  return result
}
