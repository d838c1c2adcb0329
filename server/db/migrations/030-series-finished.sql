-- Whether a title is finished (已完结) or still being released (连载中): a series' card reads 全N集
-- when finished and 更新至第N集 while it is not (docs/api.md, MovieCard). The console sets it
-- (docs/admin-api.md); a MacCMS collector, when there is one, maps its vod_isend (1 = 完结,
-- 0 = 连载) onto it.
-- Existing titles, and new ones unless the console says otherwise, are finished.

ALTER TABLE movies ADD COLUMN finished boolean NOT NULL DEFAULT true;
