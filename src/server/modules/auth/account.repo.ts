import type { Address, BillingAddress, PaymentMethod } from '#shared/contracts/account.contract.ts'
import type { Queryable } from '#server/db/db.ts'

/** The account columns of migration 008 beside the login data of 001. */
export interface AccountRow {
  id: string
  username: string
  email: string
  phone: string
  billing_address: BillingAddress | null
  shipping_address: Address | null
  terms_of_payment_days: number
  billing_payment_method: PaymentMethod
  is_business_customer: boolean
  is_verified_company: boolean
  optin_pending: boolean
  optin_mail_sent_at: Date | null
}

export interface NewAccount {
  id: string
  username: string
  email: string
  passwordHash: string
  billingAddress: BillingAddress
  shippingAddress: Address | null
  isBusinessCustomer: boolean
}

export interface AccountUpdate {
  phone: string
  billingPaymentMethod: PaymentMethod
  billingAddress: BillingAddress
  shippingAddress: Address | null
  isBusinessCustomer: boolean | undefined
}

const ACCOUNT_COLUMNS = `id, username, email, phone, billing_address, shipping_address, terms_of_payment_days,
  billing_payment_method, is_business_customer, is_verified_company, optin_pending, optin_mail_sent_at`

/** PostgreSQL's unique violation; `constraint` names the index (users_username_unique, users_email_unique). */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, constraint } = error as { code?: unknown; constraint?: unknown }
  if (code !== '23505') return undefined
  return typeof constraint === 'string' ? constraint : ''
}

/** Account reads: by id or e-mail, the password hash, whether a username is taken. */
function createAccountReadRepo(db: Queryable) {
  return {
    async findById(id: string): Promise<AccountRow | undefined> {
      const { rows } = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users WHERE id = $1`, [id])
      return rows[0]
    },

    async findByEmail(email: string): Promise<AccountRow | undefined> {
      const { rows } = await db.query<AccountRow>(
        `SELECT ${ACCOUNT_COLUMNS} FROM users WHERE lower(email) = lower($1)`,
        [email],
      )
      return rows[0]
    },

    async passwordHashOf(id: string): Promise<string | undefined> {
      const { rows } = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [id],
      )
      return rows[0]?.password_hash
    },

    async usernameTaken(username: string): Promise<boolean> {
      const { rows } = await db.query<{ taken: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) AS taken',
        [username],
      )
      return rows[0]?.taken === true
    },
  }
}

/** Account changes: a new customer, the password, the e-mail, the business preference and details. */
function createAccountWriteRepo(db: Queryable) {
  return {
    /** A customer awaiting the opt-in. Throws the unique violation when the username or e-mail is taken meanwhile. */
    async insertCustomer(account: NewAccount): Promise<void> {
      await db.query(
        `INSERT INTO users (id, username, email, password_hash, role, billing_address, shipping_address,
           is_business_customer, optin_pending, optin_mail_sent_at)
         VALUES ($1, $2, $3, $4, 'customer', $5, $6, $7, true, now())`,
        [
          account.id,
          account.username,
          account.email,
          account.passwordHash,
          JSON.stringify(account.billingAddress),
          account.shippingAddress === null ? null : JSON.stringify(account.shippingAddress),
          account.isBusinessCustomer,
        ],
      )
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
        userId,
        passwordHash,
      ])
    },

    /** Throws the unique violation when another account has the address by now. */
    async setEmail(userId: string, email: string): Promise<void> {
      await db.query(
        'UPDATE users SET email = $2, email_verified_at = now(), updated_at = now() WHERE id = $1',
        [userId, email],
      )
    },

    async setBusinessPreference(userId: string, isBusinessCustomer: boolean): Promise<void> {
      await db.query('UPDATE users SET is_business_customer = $2, updated_at = now() WHERE id = $1', [
        userId,
        isBusinessCustomer,
      ])
    },

    /** Staff verified the company (issue 17): invoice without limits, the business prices. False: no such customer. */
    async markVerifiedCompany(userId: string): Promise<boolean> {
      const { rowCount } = await db.query(
        `UPDATE users SET is_verified_company = true, updated_at = now() WHERE id = $1 AND role = 'customer'`,
        [userId],
      )
      return rowCount === 1
    },

    async updateDetails(userId: string, update: AccountUpdate): Promise<void> {
      await db.query(
        `UPDATE users SET phone = $2, billing_payment_method = $3, billing_address = $4, shipping_address = $5,
           is_business_customer = COALESCE($6, is_business_customer), updated_at = now()
         WHERE id = $1`,
        [
          userId,
          update.phone,
          update.billingPaymentMethod,
          JSON.stringify(update.billingAddress),
          update.shippingAddress === null ? null : JSON.stringify(update.shippingAddress),
          update.isBusinessCustomer ?? null,
        ],
      )
    },
  }
}

/** Customer accounts: the account columns of users (migration 008). */
export function createAccountRepo(db: Queryable) {
  return { ...createAccountReadRepo(db), ...createAccountWriteRepo(db) }
}
export type AccountRepo = ReturnType<typeof createAccountRepo>
