-- Customer accounts (issue 15; docs/decisions/0086-account-security.md): the account data of spec part 2 §3 on
-- users, and the single-use links of the opt-in, reset and e-mail change mails.

ALTER TABLE users ADD COLUMN phone text NOT NULL DEFAULT '';
-- Addresses as jsonb in the shape of AddressSchema / BillingAddressSchema (src/shared/contracts/account.contract.ts):
-- they are read and written whole, validated by the shared address rules, and copied into orders as they are.
-- A null shipping address means "ship to the billing address".
ALTER TABLE users ADD COLUMN billing_address jsonb CHECK (billing_address IS NULL OR jsonb_typeof(billing_address) = 'object');
ALTER TABLE users ADD COLUMN shipping_address jsonb CHECK (shipping_address IS NULL OR jsonb_typeof(shipping_address) = 'object');
-- Days until an invoice is due: net 10 days unless staff agree otherwise.
ALTER TABLE users ADD COLUMN terms_of_payment_days integer NOT NULL DEFAULT 10 CHECK (terms_of_payment_days >= 0);
ALTER TABLE users ADD COLUMN billing_payment_method text NOT NULL DEFAULT 'prepaid'
  CHECK (billing_payment_method IN ('prepaid', 'billing', 'quote', 'paypal'));
-- The customer's own choice; a business customer is one with this set or a company verified by staff.
ALTER TABLE users ADD COLUMN is_business_customer boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN is_verified_company boolean NOT NULL DEFAULT false;
-- True from signup until the opt-in link is opened: sign-in is refused meanwhile. False by default, so accounts made
-- before this migration, by staff or by the seed count as confirmed. email_verified_at (001) records when.
ALTER TABLE users ADD COLUMN optin_pending boolean NOT NULL DEFAULT false;
-- When the last opt-in mail went out: a sign-in before the opt-in resends it at most once an hour.
ALTER TABLE users ADD COLUMN optin_mail_sent_at timestamptz;

-- A link of an account mail. Only the SHA-256 of its code is stored (the code is 32 random bytes, base64url), so a
-- leaked table opens no account. Single use: used_at is set in the same statement that accepts the code.
CREATE TABLE account_links (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  kind text NOT NULL CHECK (kind IN ('optin', 'reset', 'email-change')),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The address an e-mail change link confirms; only e-mail change links have one.
  new_email text CHECK ((kind = 'email-change') = (new_email IS NOT NULL)),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- "Is there an unused reset link of the last 24 h?" and housekeeping by age.
CREATE INDEX account_links_user_kind ON account_links (user_id, kind, created_at);
CREATE INDEX account_links_expires ON account_links (expires_at);
