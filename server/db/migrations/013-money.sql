-- The console's money: every payment notify (and every answer of a gateway query) the server
-- received, kept with its order; refunds (one per order); the payment sandbox's own record of the
-- payments made at its cashier (what its order query answers from); orders that failed or were
-- refunded; the ledger type 'refund'. Money in fen, coins as integers.

-- Orders: 'failed' (the gateway said the payment failed; nothing credited) and 'refunded' (paid,
-- then reversed once). A refunded order keeps its paid_at and trade_no.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'paid', 'failed', 'refunded'));
DO $$
DECLARE c record;
BEGIN
  -- The unnamed table CHECK of 003 tying 'paid' to paid_at and trade_no.
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'orders'::regclass AND contype = 'c'
              AND pg_get_constraintdef(oid) LIKE '%paid_at IS NOT NULL%'
  LOOP
    EXECUTE format('ALTER TABLE orders DROP CONSTRAINT %I', c.conname);
  END LOOP;
END;
$$;
ALTER TABLE orders ADD CONSTRAINT orders_paid_fields
  CHECK ((status IN ('paid', 'refunded')) = (paid_at IS NOT NULL AND trade_no IS NOT NULL));
-- The console's list: newest first, per site or across sites; a user's orders use orders_user.
CREATE INDEX orders_recent ON orders (created_at DESC, order_no DESC);
CREATE INDEX orders_site_recent ON orders (site_id, created_at DESC, order_no DESC);

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_type_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_type_check
  CHECK (type IN ('deposit', 'purchase', 'exchange', 'task', 'adjust', 'refund'));

-- What the payment endpoint received (source 'notify') and what order queries answered (source
-- 'query'), whatever came of it: order_no as sent (out_trade_no, perhaps of no order), the params,
-- whether the sign was valid, the answer given ('success' / 'fail', or the query's reading) and why.
CREATE TABLE payment_notifies (
  id          bigserial PRIMARY KEY,
  source      text NOT NULL CHECK (source IN ('notify', 'query')),
  order_no    text NOT NULL,
  params      jsonb NOT NULL,
  sign_valid  boolean NOT NULL,
  result      text NOT NULL,
  note        text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_notifies_order ON payment_notifies (order_no, id);

-- One refund per order (the unique order_no is the last guard against reversing twice): what the
-- order credited and what was reversed, in coins or VIP seconds, and the money to send back to the
-- payer in proportion (fen; the sandbox moves no money, a real gateway's refund call would).
CREATE TABLE refunds (
  id           bigserial PRIMARY KEY,
  order_no     text NOT NULL UNIQUE REFERENCES orders (order_no) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  operator_id  integer REFERENCES operators (id),
  reason       text NOT NULL CHECK (length(reason) > 0),
  unit         text NOT NULL CHECK (unit IN ('coins', 'vip_seconds')),
  credited     bigint NOT NULL CHECK (credited > 0),
  reversed     bigint NOT NULL CHECK (reversed >= 0 AND reversed <= credited),
  refund_fen   integer NOT NULL CHECK (refund_fen >= 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_user ON refunds (user_id, id DESC);

-- The payment sandbox's side: a payment made (or failed) at its cashier, whether or not its
-- notify ever arrived. The gateway's order query (/pay/api.php?act=order) answers from here.
CREATE TABLE sandbox_payments (
  order_no   text PRIMARY KEY,
  trade_no   text NOT NULL UNIQUE,
  amount_fen integer NOT NULL CHECK (amount_fen > 0),
  status     text NOT NULL CHECK (status IN ('paid', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
