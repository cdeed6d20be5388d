import type { FastifyInstance } from 'fastify'

/**
 * The app's route table, read from the app itself so a new route is fuzzed without anyone listing it. Fastify
 * offers no list of routes after registration (an onRoute hook would have to be added before buildApp registers
 * them), but `printRoutes({ commonPrefix: false })` prints the radix tree one node a line:
 *
 *   ├── /api/checkout/cart (POST)
 *   │   └── /:cartId (GET, HEAD)
 *
 * The depth of a node is the column of its branch mark divided by 4; a path is its ancestors' segments joined.
 */

export interface RouteEntry {
  method: string
  url: string
}

const LINE =
  /^(?<indent>[│ ]*)[├└]── (?<segment>.+?) \((?<methods>[A-Z, ]+)\)$|^(?<indent2>[│ ]*)[├└]── (?<bare>.+)$/

export function parseRouteTree(tree: string): RouteEntry[] {
  const stack: string[] = []
  const routes: RouteEntry[] = []
  for (const line of tree.split('\n')) {
    const match = LINE.exec(line.trimEnd())
    if (match?.groups === undefined) continue
    const { indent, segment, methods, indent2, bare } = match.groups
    const depth = Math.floor((indent ?? indent2 ?? '').length / 4)
    stack.length = depth
    const path = `${stack.join('')}${segment ?? bare}`
    stack.push(segment ?? bare ?? '')
    for (const method of methods?.split(',') ?? []) routes.push({ method: method.trim(), url: path })
  }
  return routes
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])

/** Every POST, PUT and PATCH route of the app, in the order the tree lists them. */
export function bodyRoutes(app: FastifyInstance): RouteEntry[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false })).filter((route) =>
    BODY_METHODS.has(route.method),
  )
}
