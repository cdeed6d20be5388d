/**
 * The `Content-Disposition` of every file the API hands out as a download (repaired models, order PDFs, attachments,
 * staff line files), written by the server and read by the client, which saves the fetched file under that name.
 */

/** RFC 5987's attr-char leaves these to be percent-encoded too; encodeURIComponent keeps them. */
const EXTRA_ESCAPES = /['()*]/g

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 / RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^A-Za-z0-9._ -]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    EXTRA_ESCAPES,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

const EXTENDED_NAME = /(?:^|;)\s*filename\*\s*=\s*UTF-8'[^']*'([^;\s]+)/i
const QUOTED_NAME = /(?:^|;)\s*filename\s*=\s*"([^"]*)"/i
const TOKEN_NAME = /(?:^|;)\s*filename\s*=\s*([^;\s"]+)/i

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/**
 * The file name a `Content-Disposition` names: the UTF-8 `filename*` when it decodes, else the plain `filename`;
 * null without a header or a name. Any folder part is dropped, as browsers do.
 */
export function fileNameOfDisposition(header: string | null): string | null {
  if (header === null) return null
  const extended = EXTENDED_NAME.exec(header)?.[1]
  const name =
    (extended === undefined ? null : decoded(extended)) ??
    QUOTED_NAME.exec(header)?.[1] ??
    TOKEN_NAME.exec(header)?.[1] ??
    null
  const base = name?.split(/[\\/]/).pop()?.trim() ?? ''
  return base === '' ? null : base
}
