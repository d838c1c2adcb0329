/**
 * 站点设置 (超级管理员 and 运营): a site picker of the operator's sites at the top, then tabs as
 * nested routes — 轮播图 / CDN 线路 / VIP 套餐 / 金币套餐 / 积分商品 / 字典 / 站点. The picked site
 * is kept for the tab session (sessionStorage), so a reload stays on it.
 */
import './settings.css';
import { useCallback, useEffect, useState } from 'react';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import type { SettingsSite } from '../../../contract/admin/settings.ts';
import { adminMessages } from '../../admin-messages.ts';
import { useSession } from '../../session/session-store.ts';
import { messageOf } from '../../components/use-load.ts';
import { SitePicker } from '../../components/site-picker.tsx';
import { BannersTab } from './banners-tab.tsx';
import { CdnTab } from './cdn-tab.tsx';
import { CoinPackagesTab, GoodsTab, VipPlansTab } from './catalogue-tabs.tsx';
import { DictionaryTab } from './dictionary-tab.tsx';
import { fetchRows, fetchSites, setUploadCsrf } from './settings-calls.ts';
import { setPreviewLine } from './settings-format.ts';
import { settingsText as text } from './settings-messages.ts';
import { SitesTab } from './sites-tab.tsx';

const PICKED_KEY = 'console.settings.site';

const TABS = [
  { path: '/banners', label: text.tabs.banners },
  { path: '/cdn', label: text.tabs.cdn },
  { path: '/vip', label: text.tabs.vip },
  { path: '/coins', label: text.tabs.coins },
  { path: '/goods', label: text.tabs.goods },
  { path: '/dictionary', label: text.tabs.dictionary },
  { path: '/sites', label: text.tabs.sites },
] as const;

export function SettingsPage() {
  const session = useSession();
  const signedIn = session.status === 'signedIn' ? session.session : null;
  const [sites, setSites] = useState<SettingsSite[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [siteId, setSiteId] = useState<number | null>(() => Number(sessionStorage.getItem(PICKED_KEY)) || null);
  const [location] = useLocation();

  useEffect(() => setUploadCsrf(signedIn?.csrfToken ?? null), [signedIn?.csrfToken]);

  const load = useCallback(async () => {
    setError(null);
    try {
      const { list } = await fetchSites();
      setSites(list);
      setSiteId((picked) => (list.some((site) => site.id === picked) ? picked : (list[0]?.id ?? null)));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (siteId === null) return;
    sessionStorage.setItem(PICKED_KEY, String(siteId));
    // Media keys of the site's banners and goods preview on its first enabled line.
    fetchRows(siteId, 'cdn-lines')
      .then(({ list }) => setPreviewLine((list.find((line) => line.enabled)?.url as string | undefined) ?? null))
      .catch(() => undefined);
  }, [siteId]);

  const onSiteChanged = (site: SettingsSite) => {
    setSites((list) =>
      list?.some((s) => s.id === site.id) ? list.map((s) => (s.id === site.id ? site : s)) : [...(list ?? []), site],
    );
  };

  const picked = sites?.find((site) => site.id === siteId) ?? null;
  return (
    <section className="settings">
      <header className="settings__head">
        <h1 className="page-title">{text.title}</h1>
        {sites && sites.length > 0 && (
          <SitePicker
            label={text.site}
            sites={sites}
            value={siteId}
            onChange={setSiteId}
            name="site"
            className="field field--row settings__picker"
            describe={(site) => `${site.title}（${site.host}）`}
          />
        )}
        {picked && (
          <span
            className="swatch swatch--large"
            style={{ background: picked.primaryColor }}
            title={picked.primaryColor}
          />
        )}
      </header>
      <nav className="settings__tabs" aria-label={text.title}>
        {TABS.map((tab) => (
          <Link
            key={tab.path}
            href={tab.path}
            className={`settings__tab${location.startsWith(tab.path) ? ' is-active' : ''}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {error && (
        <p className="table__status table__status--error" role="alert">
          {error}{' '}
          <button className="button" type="button" onClick={() => void load()}>
            {adminMessages.retry}
          </button>
        </p>
      )}
      {sites === null && !error && <p className="table__status">{text.loading}</p>}
      {sites?.length === 0 && <p className="table__status">{text.noSites}</p>}
      {sites && siteId !== null && (
        <Switch>
          <Route path="/banners">
            <BannersTab key={siteId} siteId={siteId} />
          </Route>
          <Route path="/cdn">
            <CdnTab key={siteId} siteId={siteId} />
          </Route>
          <Route path="/vip">
            <VipPlansTab key={siteId} siteId={siteId} />
          </Route>
          <Route path="/coins">
            <CoinPackagesTab key={siteId} siteId={siteId} />
          </Route>
          <Route path="/goods">
            <GoodsTab key={siteId} siteId={siteId} />
          </Route>
          <Route path="/dictionary">
            <DictionaryTab />
          </Route>
          <Route path="/sites">
            <SitesTab sites={sites} canAdd={signedIn?.operator.role === 'super'} onChanged={onSiteChanged} />
          </Route>
          <Route>
            <Redirect to="/banners" replace />
          </Route>
        </Switch>
      )}
    </section>
  );
}
