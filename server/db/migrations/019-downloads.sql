-- Offline downloads for VIP members (contract/calls/downloads.ts): how many days a downloaded
-- episode stays playable on the device, per site, set in the console's 站点 settings.
ALTER TABLE sites ADD COLUMN download_days integer NOT NULL DEFAULT 7
  CONSTRAINT sites_download_days CHECK (download_days BETWEEN 1 AND 365);
