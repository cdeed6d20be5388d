import { RequireLogin } from '#client/features/account/require-login.tsx'
import { StaffAuditLogPage, StaffHomePage, StaffSheetPage } from '#client/features/staff/staff-pages.tsx'
import { StaffOrderPage, StaffOrdersPage } from '#client/features/staff/orders/staff-order-pages.tsx'
import {
  StaffCatalogueFormPage,
  StaffCatalogueListPage,
} from '#client/features/staff/catalogue/catalogue-pages.tsx'

// The staff workspace's routes (issue 17, decision 0103): login first (a visitor goes to /login), then the staff
// role inside the pages (a customer gets the not-available page). One lazy chunk with the staff views.

export function StaffHomeRoutePage() {
  return (
    <RequireLogin>
      <StaffHomePage />
    </RequireLogin>
  )
}

export function StaffSheetRoutePage() {
  return (
    <RequireLogin>
      <StaffSheetPage />
    </RequireLogin>
  )
}

export function StaffAuditLogRoutePage() {
  return (
    <RequireLogin>
      <StaffAuditLogPage />
    </RequireLogin>
  )
}

export function StaffOrdersRoutePage() {
  return (
    <RequireLogin>
      <StaffOrdersPage />
    </RequireLogin>
  )
}

export function StaffOrderRoutePage() {
  return (
    <RequireLogin>
      <StaffOrderPage />
    </RequireLogin>
  )
}

export function StaffCatalogueListRoutePage() {
  return (
    <RequireLogin>
      <StaffCatalogueListPage />
    </RequireLogin>
  )
}

export function StaffCatalogueFormRoutePage() {
  return (
    <RequireLogin>
      <StaffCatalogueFormPage />
    </RequireLogin>
  )
}
