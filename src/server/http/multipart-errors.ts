/**
 * Recognises a multipart body the parser (busboy, under @fastify/multipart) could not read: a missing or overlong
 * boundary, a body that is not multipart at all, data that ends inside a part. busboy raises these as plain `Error`s
 * without a code or status, so without this the error handler would mask a client's mistake as a 500 and log it as
 * a bug. Recognised by where the error was made (a busboy frame on top of its stack) or, should a bundler or a
 * stack-trace limit hide that, by the parser's own messages.
 */

const BUSBOY_FRAME = /[\\/]@fastify[\\/]busboy[\\/]/

const BUSBOY_MESSAGES: readonly RegExp[] = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than \d+)\.$/,
]

function isMultipartRequest(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*multipart\//i.test(contentType)
}

/** The first stack frame: the place the error was constructed. */
function originFrame(error: Error): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '))
  return frames[0] ?? ''
}

export function isMultipartParseError(error: unknown, contentType: string | undefined): boolean {
  if (!(error instanceof Error) || !isMultipartRequest(contentType)) return false
  // Errors that carry a status (the plugin's own limit errors) already say what they are.
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number') return false
  return (
    BUSBOY_FRAME.test(originFrame(error)) || BUSBOY_MESSAGES.some((pattern) => pattern.test(error.message))
  )
}
