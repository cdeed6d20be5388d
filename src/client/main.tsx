/**
 * The entry index.html loads: on a prerendered page (decision 0109) the visitor already sees the page, so the SPA
 * (`boot.tsx`: React, the router, the app actors, ~200 kB gzip) is only requested once that page has painted. Its
 * download and evaluation then never stand before the first paint, neither on a slow phone nor in Lighthouse's
 * simulation, which counts every script that arrived before the observed paint as blocking it (decision 0118).
 * Without prerendered markup there is nothing to show before the SPA, which then loads at once.
 */

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
  if (root?.firstElementChild) await afterNextPaint()
  const { boot } = await import('./boot.tsx')
  await boot()
}

void start()
