-- The printability note of the order back office (issue 17; docs/decisions/0107-order-back-office-screens.md):
-- staff send the customer a note about one order line with that line's wall-thickness picture.
-- The outbox row keeps the line and the picture as drawn when staff sent the note (the message is in `note`), so a
-- mail sent late still carries what staff saw, even after the retention job removed the upload's folder.
ALTER TABLE order_outbox DROP CONSTRAINT order_outbox_kind_check;
ALTER TABLE order_outbox ADD CONSTRAINT order_outbox_kind_check
  CHECK (kind IN ('order_confirmation', 'quote', 'payment_received', 'status_changed', 'printability_note'));
ALTER TABLE order_outbox ADD COLUMN line_id text;
ALTER TABLE order_outbox ADD COLUMN picture bytea;

-- The note is part of the order's history (the back office's timeline): `to_status` names the line, `note` the
-- message.
ALTER TABLE order_status_history DROP CONSTRAINT order_status_history_kind_check;
ALTER TABLE order_status_history ADD CONSTRAINT order_status_history_kind_check
  CHECK (kind IN ('order', 'payment', 'printability_note'));
