/**
 * One drawing per output file at a time in this process: a second request for a file being drawn waits for that
 * drawing instead of starting its own (decision 0135). Each caller gets the drawing's outcome, failure included;
 * the next request after a failure tries again. Processes that share an uploads folder may each draw a file once:
 * the atomic write (temporary name, rename) keeps every reader's copy whole.
 */
export function createDrawOnce() {
  const drawing = new Map<string, Promise<void>>()
  return (outPath: string, draw: () => Promise<void>): Promise<void> => {
    const pending = drawing.get(outPath)
    if (pending !== undefined) return pending
    const started = draw().finally(() => drawing.delete(outPath))
    drawing.set(outPath, started)
    return started
  }
}
