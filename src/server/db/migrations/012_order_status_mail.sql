-- The order back office (issue 17; docs/decisions/0105-order-back-office-api.md): a status change by staff sends
-- the customer a mail through the outbox. The row keeps the status it announces and the staff member's note, so the
-- mail says what was changed even when it is sent after a later change.
ALTER TABLE order_outbox DROP CONSTRAINT order_outbox_kind_check;
ALTER TABLE order_outbox ADD CONSTRAINT order_outbox_kind_check
  CHECK (kind IN ('order_confirmation', 'quote', 'payment_received', 'status_changed'));
ALTER TABLE order_outbox ADD COLUMN status text;
ALTER TABLE order_outbox ADD COLUMN note text NOT NULL DEFAULT '';
