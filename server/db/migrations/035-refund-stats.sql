-- The dashboard's refunds (server/payment/refund.ts): the money owed back, counted on the day the
-- order was paid (Asia/Shanghai), so a day's revenue less its refunds is the net of that day's
-- orders, the same figures 订单 sums for orders paid in those days. Refunds made before this
-- migration are counted in shard 0 of their order's day.
ALTER TABLE daily_stats ADD COLUMN refund_fen bigint NOT NULL DEFAULT 0;

INSERT INTO daily_stats (site_id, day, shard, refund_fen)
SELECT o.site_id, ((COALESCE(o.paid_at, o.created_at) AT TIME ZONE 'UTC') + interval '8 hours')::date, 0,
       sum(r.refund_fen)
  FROM refunds r JOIN orders o ON o.order_no = r.order_no
 GROUP BY 1, 2
ON CONFLICT (site_id, day, shard) DO UPDATE SET refund_fen = daily_stats.refund_fen + EXCLUDED.refund_fen;

-- 订单 filtered by the day of payment (the dashboard's 收入 links there).
CREATE INDEX orders_site_paid ON orders (site_id, paid_at) WHERE paid_at IS NOT NULL;
