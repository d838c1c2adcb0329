-- Settings per site edited in the console (docs/admin-api.md, 站点设置): banners get a time window,
-- CDN lines can be switched off, sites get icons of their own.

-- A banner shows on the visitor home only inside its window; NULL: open on that side.
ALTER TABLE banners
  ADD COLUMN starts_at timestamptz,
  ADD COLUMN ends_at   timestamptz,
  ADD CONSTRAINT banners_window CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at);

-- A disabled line is not offered to the app; the console keeps at least one enabled line per site.
ALTER TABLE cdn_lines ADD COLUMN enabled boolean NOT NULL DEFAULT true;

-- Banners and lines made in the console take ids from here; the seed's ids stay far below.
CREATE SEQUENCE banner_ids START 10001;
ALTER TABLE banners ALTER COLUMN id SET DEFAULT nextval('banner_ids');
CREATE SEQUENCE cdn_line_ids START 10001;
ALTER TABLE cdn_lines ALTER COLUMN id SET DEFAULT nextval('cdn_line_ids');

-- The site's own app icons, made from one square upload: {"192": url, "512": url, "maskable": url,
-- "apple": url, "badge": url}; NULL: the shared icons of the build.
ALTER TABLE sites ADD COLUMN icons jsonb;
