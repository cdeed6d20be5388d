import type { CartOp, Context } from './cart.types.ts'

// Readers of the change queue for the states that run its head.
const headOf = (context: Context): CartOp => {
  const [head] = context.pendingOps
  if (!head) throw new Error('cart: no pending operation')
  return head
}

export const cartIdOf = (context: Context): string => {
  if (context.cartId === null) throw new Error('cart: no cart id')
  return context.cartId
}

/** The head of the queue as the op of one kind (the state it runs in guarantees the kind). */
export const opOf = <TKind extends CartOp['kind']>(
  context: Context,
  kind: TKind,
): Extract<CartOp, { kind: TKind }> => {
  const head = headOf(context)
  if (head.kind !== kind) throw new Error(`cart: expected a ${kind} operation, not ${head.kind}`)
  return head as Extract<CartOp, { kind: TKind }>
}
