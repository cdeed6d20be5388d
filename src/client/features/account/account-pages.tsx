import { AccountDashboard } from './account-dashboard.tsx'
import { LoginPage } from './login-page.tsx'
import { RequireLogin } from './require-login.tsx'

/**
 * The route components of `/login` and `/account`: one lazy chunk (router/routes.tsx), so the home page does not load
 * the account screens.
 */
export function LoginRoutePage() {
  return <LoginPage />
}

export function AccountRoutePage() {
  return (
    <RequireLogin>
      <AccountDashboard />
    </RequireLogin>
  )
}
