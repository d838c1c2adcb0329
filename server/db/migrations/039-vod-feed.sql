-- The MacCMS v10 provide feed of a site (server/supply/provide-routes.ts, docs/api.md "The MacCMS
-- feed"): GET /api.php/provide/vod lists the site's published titles to MacCMS sites, TVBox-style
-- apps and collectors. Off unless a row says otherwise; `access`: which titles it lists (free only
-- by default); `feed_key`: when set, a request must carry it as ?key=.
CREATE TABLE vod_feeds (
  site_id    integer PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  enabled    boolean NOT NULL DEFAULT false,
  access     text[] NOT NULL DEFAULT '{free}' CHECK (access <@ ARRAY['free', 'vip', 'coins']::text[]),
  feed_key   text CHECK (feed_key IS NULL OR length(feed_key) BETWEEN 8 AND 128),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The feed lists titles by their last change, newest first (server/db/vod-feed.ts), and `h` asks
-- for the titles changed in the last hours: both walk this index instead of sorting every title.
CREATE INDEX movies_feed ON movies ((GREATEST(updated_at, published_at)) DESC, id DESC) WHERE status = 'published';
