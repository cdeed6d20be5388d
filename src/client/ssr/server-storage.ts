/** A `Storage` that lives for one server render: the visitor's own storage is only known in the browser. */
export function createServerStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map<string, string>(Object.entries(initial))
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key)
    },
    setItem: (key, value) => {
      items.set(key, String(value))
    },
  }
}
