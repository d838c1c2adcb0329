-- The fields an operator of a MacCMS site expects on a title, named after the MacCMS v10 fields a
-- collector maps onto them (docs/admin-api.md, "Content"): 备注 (vod_remarks: the poster's corner
-- on visitors' cards when set, e.g. 更新至第12集 / HD), 别名 (vod_sub), 语言 (vod_lang), 评分
-- (vod_score, kept as tenths: 85 is 8.5) and a series' planned 总集数 (vod_total). 连载 / 完结
-- (vod_isend) is movies.finished (030). '' and NULL: not set.

ALTER TABLE movies
  ADD COLUMN remarks        text NOT NULL DEFAULT '',
  ADD COLUMN alias          text NOT NULL DEFAULT '',
  ADD COLUMN language       text NOT NULL DEFAULT '',
  ADD COLUMN score_tenths   smallint CHECK (score_tenths BETWEEN 0 AND 100),
  ADD COLUMN total_episodes integer CHECK (total_episodes BETWEEN 1 AND 9999);

-- Deleting a title asks whether anyone bought it (purchases are never deleted: money records keep
-- their title); without this the question reads every purchase.
CREATE INDEX purchases_item ON purchases (item_type, item_id);
