import { useSyncExternalStore } from 'react'

/**
 * A value that changes over the app's life and that views follow: the current upload actor (a new one after each
 * finished upload) and the current configure session. Actors inside are still read with `useSelector`.
 */
export type Slot<T> = {
  get(): T
  set(value: T): void
  subscribe(listener: () => void): () => void
}

export function createSlot<T>(initial: T): Slot<T> {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return
      value = next
      for (const listener of [...listeners]) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A value views follow but do not set: the order flow's current upload and configuration children. */
export type Followable<T> = Pick<Slot<T>, 'get' | 'subscribe'>

/** The slot's current value; re-renders when it changes. */
export function useSlot<T>(slot: Followable<T>): T {
  return useSyncExternalStore(slot.subscribe, slot.get, slot.get)
}
