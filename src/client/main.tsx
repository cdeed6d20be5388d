/**
 * The entry index.html loads. On a prerendered page (decision 0109) the visitor already sees the page and its links
 * work, so the SPA (`boot.tsx`: React, the router, the app actors, ~200 kB gzip) is requested only once that page has
 * painted (decision 0118) and the visitor shows the first sign of using it, or at once where the page needs it
 * (`startsAtOnce`, decision 0128). What the visitor does meanwhile is recorded and done again on the SPA's markup.
 * Without prerendered markup there is nothing to show before the SPA, which then loads at once.
 */
import { firstIntent, startsAtOnce } from './early/boot-trigger.ts'
import { type EarlyEvents, recordEarlyEvents } from './early/event-replay.ts'

/** Resolves after the next frame was painted; at once in a hidden tab, where no frame comes. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve()
      return
    }
    // A rAF callback runs right before the frame is painted; a task queued from it runs after that paint.
    requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

async function start(): Promise<void> {
  const root = document.getElementById('root')
  let early: EarlyEvents | undefined
  if (root?.firstElementChild) {
    early = recordEarlyEvents(document, root)
    const intent = firstIntent(window)
    await afterNextPaint()
    if (!startsAtOnce(window)) await intent
  }
  const { boot } = await import('./boot.tsx')
  await boot({ afterTakeOver: () => early?.replay() })
}

void start()
