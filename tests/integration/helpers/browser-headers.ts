/**
 * The `accept-encoding` Chromium sends with every request: what tests and benchmarks send when they ask as a
 * shopper's browser does (decision 0146: the pricing bench measured plain answers while browsers got compressed ones).
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'
