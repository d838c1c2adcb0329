-- Orders nobody paid (server/payment/order-sweep.ts): a pending order is asked about at the gateway
-- now and then (checked_at: the last time), so a payment whose notify was lost is credited and one
-- the cashier failed reads 支付失败 without anyone pressing 重新查询; one still unpaid after
-- ORDER_EXPIRE_MINUTES is 'expired' (已关闭). A payment the gateway reports later still credits it.
ALTER TABLE orders ADD COLUMN checked_at timestamptz;
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'refunded'));
-- The sweep's read: the pending orders, oldest first.
CREATE INDEX orders_pending ON orders (created_at) WHERE status = 'pending';
