import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router'
import { type ReactNode } from 'react'
import { type AppActors } from '#client/app/app-actors.tsx'
import { createAppRouter } from '#client/router/router.tsx'
import { type RouterContext } from '#client/router/routes.tsx'

/** The real app (every route, the shell) on a memory history: screen stories and DOM tests. */
export function createAppTestRouter(options: { actors: AppActors; path: string }) {
  return createAppRouter({
    context: { actors: options.actors },
    history: createMemoryHistory({ initialEntries: [options.path] }),
  })
}

/**
 * A router that renders one component at any path (component stories and tests): links and location hooks work,
 * nothing else of the app is mounted.
 */
export function createComponentTestRouter(options: {
  actors: AppActors
  path: string
  render: () => ReactNode
}) {
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        {options.render()}
        <Outlet />
      </>
    ),
  })
  const anyPath = createRoute({ getParentRoute: () => root, path: '$', component: () => null })
  return createRouter({
    routeTree: root.addChildren([anyPath]),
    context: { actors: options.actors },
    history: createMemoryHistory({ initialEntries: [options.path] }),
  })
}
