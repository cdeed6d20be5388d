/**
 * The system ids of the order flow's actors (docs/decisions/0080). Children address each other and the order flow by
 * these ids through `system.get`; a machine run on its own (unit and path tests, stories) finds nobody there and its
 * messages go nowhere, which is what a stand-alone machine should do.
 */
export const SYSTEM_IDS = {
  orderFlow: 'orderFlow',
  orderProcess: 'orderProcess',
  upload: 'upload',
  configure: 'configure',
  pricing: 'pricing',
  cart: 'cart',
  printModes: 'printModes',
  /** Issue 16: the checkout (payment details → review → placing) and the voucher of the order. */
  checkout: 'checkout',
  voucher: 'voucher',
} as const

export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS]

/** What `system.get` hands back: something events can be sent to. */
type SystemLike = { get(systemId: string): { send(event: { type: string }): void } | undefined }

/**
 * Sends an event to the actor registered under `systemId`, if there is one. A plain action function calls it:
 * xstate's types for `enqueueActions` with params inside `setup` do not resolve in these machines (TS2719).
 */
export const tell = (system: SystemLike, systemId: string, event: { type: string }): void => {
  system.get(systemId)?.send(event)
}
