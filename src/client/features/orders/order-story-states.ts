import { ErrorCode } from '#shared/errors/error-codes.ts'

/** A fetch for screen stories: JSON answers by path (GET), an error body with the status, anything else never. */
export function storyApiFetch(answers: Record<string, { status: number; body: unknown }>): typeof fetch {
  return (input) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://shop',
    )
    const answer = answers[url.pathname]
    if (!answer) return new Promise<Response>(() => {})
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      }),
    )
  }
}

export const notFoundAnswer = {
  status: 404,
  body: { error: { code: ErrorCode.NotFound, status: 404, message: 'Not found' } },
}
