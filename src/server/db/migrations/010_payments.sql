-- Payments of orders (issue 16; docs/decisions/0096-payments.md). One row per attempt to pay an order with a
-- provider (PayPal Orders v2 or the local test provider). A return from the provider never marks anything paid:
-- only a capture the server made and checked itself (amount, currency, our order id) does, in one idempotent settle
-- step that the return path and the webhook share.
CREATE TABLE payments (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('paypal', 'test')),
  -- 1, 2, …: a new attempt after a failed one (a declined or cancelled payment, "pay now" again).
  attempt integer NOT NULL CHECK (attempt >= 1),
  -- Null until the provider answered the creation (the row is written first, so a retry reuses the request id).
  provider_order_id text UNIQUE,
  approve_url text,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'approved', 'captured', 'failed')),
  capture_id text UNIQUE,
  -- PayPal-Request-Id of the creation; PayPal answers a repeated request with the order it created before.
  paypal_request_id text NOT NULL UNIQUE,
  -- Counts captures after a decline (the buyer may approve with another funding source); part of its request id.
  capture_attempt integer NOT NULL DEFAULT 1 CHECK (capture_attempt >= 1),
  -- Why a capture did not settle (amount_mismatch, currency_mismatch, order_mismatch, capture_pending, declined …):
  -- a row flagged with a mismatch waits for staff, it is never settled by a later callback.
  review_reason text,
  -- One settle at a time per payment across processes: a lease, taken in one UPDATE, released when done.
  settle_lease_until timestamptz,
  -- The provider's last answer (creation or capture), for staff review.
  raw_response jsonb CHECK (raw_response IS NULL OR jsonb_typeof(raw_response) = 'object'),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, attempt)
);
CREATE INDEX payments_order ON payments (order_id, attempt DESC);

-- Webhook deliveries seen (replay defence): a transmission id acts at most once.
CREATE TABLE webhook_events (
  transmission_id text PRIMARY KEY CHECK (length(transmission_id) BETWEEN 1 AND 200),
  provider text NOT NULL CHECK (provider IN ('paypal')),
  event_id text,
  event_type text,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_received ON webhook_events (received_at);
