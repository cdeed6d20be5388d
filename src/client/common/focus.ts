/**
 * Focus management for keyboard and screen-reader users (issue 14, item 9). Both are ref callbacks with a stable
 * identity, so React runs them once when the element mounts (and the cleanup once when it goes).
 */

/**
 * A heading that starts a new view or step takes the focus when it appears, so the next Tab starts there and a
 * screen reader reads the new part instead of the focus dropping to `<body>`. The heading needs `tabIndex={-1}`.
 */
export function focusOnAppear(heading: HTMLElement | null): void {
  heading?.focus()
}

/**
 * Opens a native dialog as a modal, focuses its `[data-autofocus]` element, and gives the focus back to the element
 * that opened it when the dialog leaves the DOM (React removes it rather than calling `close()`, which would).
 */
export function showModalAndReturnFocus(dialog: HTMLDialogElement | null): (() => void) | undefined {
  if (!dialog || dialog.open) return undefined
  const opener = dialog.ownerDocument.activeElement
  dialog.showModal()
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  return () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
  }
}
