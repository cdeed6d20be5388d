import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface CreatedStaffAccount {
  readonly username: string
  readonly email: string
  readonly password: string
}

export const INITIAL_STAFF_PASSWORD_FILE = 'initial-staff-password.txt'

function describe(account: CreatedStaffAccount, closing: string, demo?: CreatedStaffAccount): string {
  const demoLines =
    demo === undefined
      ? []
      : [
          ' Demo customer (delete it before going live):',
          `   username: ${demo.username}`,
          `   password: ${demo.password}`,
        ]
  return [
    '',
    '================================================================',
    ' Staff account created. The password is shown only this once:',
    `   username: ${account.username}`,
    `   e-mail:   ${account.email}`,
    `   password: ${account.password}`,
    ...demoLines,
    ` ${closing}`,
    '================================================================',
    '',
    '',
  ].join('\n')
}

/**
 * Hands the generated staff password to the operator exactly once. On a terminal it is printed. When stdout is
 * not a terminal it is usually collected by a service manager or log shipper, where a password would be kept and
 * copied around: then it goes to a file only the server's user can read, and the returned notice names the file.
 */
export function deliverInitialStaffPassword(
  account: CreatedStaffAccount,
  target: { dataDir: string; stdoutIsTerminal: boolean; write: (text: string) => void },
  demoCustomer?: CreatedStaffAccount,
): { file: string } | { printed: true } {
  if (target.stdoutIsTerminal) {
    target.write(describe(account, 'Store it in a password manager now.', demoCustomer))
    return { printed: true }
  }
  const file = join(target.dataDir, INITIAL_STAFF_PASSWORD_FILE)
  writeFileSync(
    file,
    describe(account, 'Store it in a password manager, then delete this file.', demoCustomer),
    {
      mode: 0o600,
    },
  )
  return { file }
}
