import { Trans } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { AccountDashboard } from '#client/features/account/account-dashboard.tsx'
import { RequireLogin } from '#client/features/account/require-login.tsx'

// Loaded once the dashboard shows (a logged-out visitor is sent to /login without loading the orders' views).
const OrderHistory = lazy(async () => ({
  default: (await import('#client/features/orders/order-history.tsx')).OrderHistory,
}))

/** `/account` (login required): the dashboard with the signed-in customer's order history (issue 16). */
export function AccountWithOrdersRoutePage() {
  return (
    <RequireLogin>
      <AccountDashboard
        orderHistory={
          <Suspense
            fallback={
              <p role="status">
                <Trans>Ihre Bestellungen werden geladen …</Trans>
              </p>
            }
          >
            <OrderHistory />
          </Suspense>
        }
      />
    </RequireLogin>
  )
}
