-- Orders (issue 16; docs/decisions/0094-order-placement.md, 0095-order-tax-and-rounding.md, 0092 for the statuses).
-- An order is a frozen copy: its lines, addresses, shipping method and every amount are written once at placement
-- (integer cents, computed by computeOrderTotals) and never re-derived from the catalogue, the price sheets, the
-- vouchers or the shipping table, which may all change afterwards (commerce-reliability check 19).

-- Human-readable numbers: SW-2026-000123 (orders), RE-2026-000045 (invoices; quotes get none until ordered).
-- Sequences are never rolled back, so a failed placement leaves a gap: numbers are unique and increasing, not
-- gapless (decision 0094).
CREATE SEQUENCE order_numbers START 1;
CREATE SEQUENCE invoice_numbers START 1;

CREATE TABLE orders (
  id text PRIMARY KEY,
  order_number text NOT NULL UNIQUE CHECK (order_number ~ '^SW-[0-9]{4}-[0-9]{6,}$'),
  invoice_number text UNIQUE CHECK (invoice_number ~ '^RE-[0-9]{4}-[0-9]{6,}$'),
  -- One cart gives at most one order: the last line of defence behind the cart row's lock (check 1, 2).
  cart_id text NOT NULL UNIQUE,
  white_label_id text NOT NULL REFERENCES white_labels (id),
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  -- SHA-256 of the guest access token (the token itself is an HMAC of the order id, never stored).
  access_token_hash text NOT NULL CHECK (access_token_hash ~ '^[0-9a-f]{64}$'),
  status text NOT NULL CHECK (status IN ('QUOTE_GENERATED', 'ORDER_RECEIVED', 'READY_FOR_PROCESSING',
    'CUSTOMER_CONTACTED', 'FILES_PRINTABLE', 'FILES_NOT_PRINTABLE', 'SUPPLIER_REQUEST_SENT', 'IN_PRODUCTION',
    'PARTS_DEFECTIVE', 'PARTS_REVIEWED', 'ORDER_CANCELLED', 'ORDER_COMPLETED', 'UNKNOWN')),
  payment_status text NOT NULL CHECK (payment_status IN ('PAYMENT_NOT_DUE', 'PAYMENT_PENDING',
    'PAYMENT_RECEIVED', 'PAYMENT_FAILED', 'PAYMENT_REFUNDED')),
  payment_method text NOT NULL CHECK (payment_method IN ('prepaid', 'billing', 'quote', 'paypal')),
  -- Quotes stay quotes in the history even once ordered (is_quote false from then on: it is an order).
  is_quote boolean NOT NULL,
  legacy_order boolean NOT NULL DEFAULT false,
  locale text NOT NULL CHECK (locale IN ('de', 'en', 'fr')),
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  reference_number text NOT NULL DEFAULT '',
  is_business boolean NOT NULL,
  newsletter boolean NOT NULL DEFAULT false,
  -- The addresses as the customer gave them (BillingAddressSchema / AddressSchema) plus countryName/countryCode.
  billing_address jsonb NOT NULL CHECK (jsonb_typeof(billing_address) = 'object'),
  shipping_address jsonb NOT NULL CHECK (jsonb_typeof(shipping_address) = 'object'),
  shipping_method_id text NOT NULL,
  shipping_method_name text NOT NULL,
  shipping_time_days integer NOT NULL CHECK (shipping_time_days >= 0),
  production_time_days integer NOT NULL CHECK (production_time_days >= 0),
  tax_rate numeric(5, 2) NOT NULL CHECK (tax_rate >= 0 AND tax_rate < 100),
  items_before_net_cents bigint NOT NULL CHECK (items_before_net_cents >= 0),
  items_before_tax_cents bigint NOT NULL CHECK (items_before_tax_cents >= 0),
  items_net_cents bigint NOT NULL CHECK (items_net_cents >= 0),
  items_tax_cents bigint NOT NULL CHECK (items_tax_cents >= 0),
  discount_cents bigint NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  surcharge_net_cents bigint NOT NULL CHECK (surcharge_net_cents >= 0),
  surcharge_tax_cents bigint NOT NULL CHECK (surcharge_tax_cents >= 0),
  shipping_net_cents bigint NOT NULL CHECK (shipping_net_cents >= 0),
  shipping_tax_cents bigint NOT NULL CHECK (shipping_tax_cents >= 0),
  total_net_cents bigint NOT NULL CHECK (total_net_cents >= 0),
  total_tax_cents bigint NOT NULL CHECK (total_tax_cents >= 0),
  total_gross_cents bigint NOT NULL CHECK (total_gross_cents = total_net_cents + total_tax_cents),
  -- The same amounts in the contract's shape (OrderAmounts), answered as they were computed; the columns above are
  -- for queries and reports.
  amounts jsonb NOT NULL CHECK (jsonb_typeof(amounts) = 'object'),
  -- The voucher as it acted on this order ({_id, code, name, applied, discountCents, missingCents, freeShipping}).
  voucher_id text REFERENCES vouchers (id),
  voucher_code text,
  voucher jsonb CHECK (voucher IS NULL OR jsonb_typeof(voucher) = 'object'),
  -- Set in the transaction that counted the voucher: a retried placement never counts twice (check 15).
  voucher_usage_counted boolean NOT NULL DEFAULT false,
  terms_of_payment_days integer CHECK (terms_of_payment_days >= 0),
  -- The provider's capture that settled the order (PayPal or the test provider): settling is idempotent on it.
  payment_provider text CHECK (payment_provider IN ('paypal', 'test')),
  payment_capture_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC) WHERE user_id IS NOT NULL;
CREATE INDEX orders_email ON orders (lower(email));

-- A frozen copy of each cart item: the file, its configuration with the names in the order's language, the price
-- sheet version and the file's SHA-256 (a quote can be reproduced), the unit and line amounts after the discount.
CREATE TABLE order_lines (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  model_file_id text NOT NULL REFERENCES model_files (id),
  model_name text NOT NULL,
  unit_of_length text NOT NULL CHECK (unit_of_length IN ('mm', 'cm', 'inch')),
  scale double precision NOT NULL CHECK (scale > 0 AND scale < 'Infinity'::double precision),
  quantity integer NOT NULL CHECK (quantity >= 1),
  dimensions jsonb NOT NULL CHECK (jsonb_typeof(dimensions) = 'object'),
  print_mode_id text NOT NULL,
  print_mode_name text NOT NULL,
  surface_finish_id text,
  surface_finish_name text,
  color_id text,
  color_name text,
  thumbnail_name text,
  unit_net_cents bigint NOT NULL CHECK (unit_net_cents >= 0),
  unit_tax_cents bigint NOT NULL CHECK (unit_tax_cents >= 0),
  line_net_cents bigint NOT NULL CHECK (line_net_cents >= 0),
  line_tax_cents bigint NOT NULL CHECK (line_tax_cents >= 0),
  production_time_days integer NOT NULL CHECK (production_time_days >= 0),
  sheet_version text NOT NULL,
  file_sha256 text NOT NULL,
  repaired boolean NOT NULL,
  -- [{"_id", "fileName"}]: the technical drawings (files stay under DATA_DIR/cart-attachments/<id>).
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(attachments) = 'array'),
  UNIQUE (order_id, position)
);
CREATE INDEX order_lines_model_file ON order_lines (model_file_id);

-- Every status change: who (customer, staff user id, payments, system), when, from what to what.
CREATE TABLE order_status_history (
  id bigserial PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('order', 'payment')),
  from_status text,
  to_status text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  by text NOT NULL,
  note text NOT NULL DEFAULT ''
);
CREATE INDEX order_status_history_order ON order_status_history (order_id, at);

-- Request-level idempotency (draft-ietf-httpapi-idempotency-key-header): a key is claimed in_progress before the
-- placement runs and holds the answer once done; a 5xx or a refused request frees it again.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  state text NOT NULL CHECK (state IN ('in_progress', 'done')),
  response_status integer,
  response_body text,
  started_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key),
  CHECK (state = 'in_progress' OR (response_status IS NOT NULL AND response_body IS NOT NULL))
);
CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at);

-- The transactional outbox: written in the order's transaction, sent after the commit by the dispatcher (at
-- least once; done_at is set in its own statement after the send).
CREATE TABLE order_outbox (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('order_confirmation', 'quote', 'payment_received')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- A dispatcher claims a row until then, so two processes never send it at the same time.
  claimed_until timestamptz,
  done_at timestamptz,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text
);
CREATE INDEX order_outbox_pending ON order_outbox (created_at) WHERE done_at IS NULL;

-- A cart that became an order: reads answer 404, changes 409 cart_ordered, retention keeps it (its items hold the
-- uploaded files the order is produced from).
ALTER TABLE carts ADD COLUMN ordered_at timestamptz;
