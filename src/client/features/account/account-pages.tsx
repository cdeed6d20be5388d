import { LoginPage } from './login-page.tsx'

/**
 * The route component of `/login`: a lazy chunk (router/routes.tsx), so the home page does not load the account
 * screens (`/account` composes its page in router/account-route-page.tsx).
 */
export function LoginRoutePage() {
  return <LoginPage />
}
