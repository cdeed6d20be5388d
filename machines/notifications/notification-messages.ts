/**
 * The codes of every snackbar message the shop shows (spec part 1 §8, part 2 §4 and §8). Machines and the client send
 * codes; only the view turns a code into text (Lingui), so this list is the one place to add a message.
 */
export const NOTIFICATION_MESSAGES = [
  // generic
  'generic-warning',
  'server-unreachable',
  // upload and configuration (part 1 §8)
  'upload-failed',
  'upload-repairing',
  'add-to-cart-failure',
  'configure-failure',
  // a reload could not bring back the object being configured (issue 14, item 3)
  'configuration-lost',
  'attachment-failure',
  'cart-item-move-failure',
  // newsletter and contact
  'newsletter-success',
  'newsletter-failure',
  'contact-success',
  'contact-failure',
  // account and session (part 2 §4, §8)
  'logout-success',
  'account-save-success',
  'account-save-failure',
  'password-reset-success',
  'password-change-success',
  'vat-id-success',
  'vat-id-failure',
  // orders
  'order-load-failure',
  'order-failure',
  'reorder-success',
  'reorder-failure',
] as const

export type NotificationMessage = (typeof NOTIFICATION_MESSAGES)[number]

export const NOTIFICATION_KINDS = ['success', 'warning', 'danger', 'info'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** The kind each message is shown with in the spec; callers may still pass another kind. */
export const notificationKindOf = {
  'generic-warning': 'warning',
  'server-unreachable': 'danger',
  'upload-failed': 'warning',
  'upload-repairing': 'warning',
  'add-to-cart-failure': 'warning',
  'configure-failure': 'warning',
  'configuration-lost': 'warning',
  'attachment-failure': 'warning',
  'cart-item-move-failure': 'danger',
  'newsletter-success': 'success',
  'newsletter-failure': 'warning',
  'contact-success': 'success',
  'contact-failure': 'warning',
  'logout-success': 'success',
  'account-save-success': 'success',
  'account-save-failure': 'warning',
  'password-reset-success': 'success',
  'password-change-success': 'success',
  'vat-id-success': 'success',
  'vat-id-failure': 'warning',
  'order-load-failure': 'warning',
  'order-failure': 'warning',
  'reorder-success': 'success',
  'reorder-failure': 'warning',
} as const satisfies Record<NotificationMessage, NotificationKind>
