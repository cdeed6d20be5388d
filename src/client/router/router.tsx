import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree, type RouterContext } from './routes.tsx'

/** The app router (code-based routes); tests and Storybook pass a memory history. */
export function createAppRouter(options: { context: RouterContext; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context: options.context,
    ...(options.history ? { history: options.history } : {}),
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
