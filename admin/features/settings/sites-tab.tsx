/**
 * 站点: the operator's sites with host, title, colour and icon; 编辑 (host, title, description,
 * colour), 上传图标 (a square image made into the app's icon sizes), and 新增站点 for 超级管理员
 * (it starts with the demo's first CDN line and its enabled VIP and coin packages). 离线下载天数: how
 * long a VIP's offline download plays (1–365). 采集接口 (editing only; a new site starts with it off):
 * the site's MacCMS feed on or off, the titles it lists and its key.
 */
import { useState } from 'react';
import { FEED_ACCESS, type SettingsSite } from '../../../contract/admin/settings.ts';
import { consoleZone, consoleZoneId } from '../../components/console-time.ts';
import { messageOf } from '../../components/use-load.ts';
import { toForm, toInput, type FieldSpec } from './form-fields.tsx';
import { createSite, updateSite, uploadIcon } from './settings-calls.ts';
import { FieldsDialog } from './settings-dialog.tsx';
import { settingsText as text } from './settings-messages.ts';
import { useEditDialog, type Editing } from './use-edit-dialog.ts';

const FIELDS: readonly FieldSpec[] = [
  { name: 'host', label: text.sites.host, kind: 'text', hint: '如 video.example.com，不含端口' },
  { name: 'title', label: text.sites.title, kind: 'text' },
  { name: 'description', label: text.sites.description, kind: 'textarea' },
  { name: 'primaryColor', label: text.sites.colour, kind: 'text', hint: '#rrggbb，如 #ff6a00' },
  { name: 'downloadDays', label: text.sites.downloadDays, kind: 'int', hint: text.sites.downloadDaysHint },
  {
    name: 'feedEnabled',
    label: text.sites.feedEnabled,
    kind: 'bool',
    hint: text.sites.feedEnabledHint,
    editOnly: true,
  },
  {
    name: 'feedAccess',
    label: text.sites.feedAccess,
    kind: 'select',
    options: FEED_ACCESS.map((access) => [access, text.sites.feedLevels[access]] as const),
    editOnly: true,
  },
  { name: 'feedKey', label: text.sites.feedKey, kind: 'text', hint: text.sites.feedKeyHint, editOnly: true },
];

interface Props {
  sites: SettingsSite[];
  canAdd: boolean;
  onChanged: (site: SettingsSite) => void;
}

export function SitesTab({ sites, canAdd, onChanged }: Props) {
  const dialog = useEditDialog<SettingsSite>();
  const [iconError, setIconError] = useState<string | null>(null);
  const [iconBusy, setIconBusy] = useState<number | null>(null);

  const save = ({ item, values }: Editing<SettingsSite>) =>
    void dialog.submit(async () => {
      const input = toInput(FIELDS, values, !item);
      onChanged(item ? await updateSite(item.id, input) : await createSite(input));
    });
  const icon = async (site: SettingsSite, file: File | undefined) => {
    if (!file) return;
    setIconBusy(site.id);
    setIconError(null);
    try {
      onChanged(await uploadIcon(site.id, file));
    } catch (failure) {
      setIconError(messageOf(failure));
    } finally {
      setIconBusy(null);
    }
  };

  return (
    <div className="settings-tab" data-testid="tab-sites">
      <div className="settings-tab__bar">
        {canAdd && (
          <button
            className="button button--primary"
            type="button"
            onClick={() => dialog.edit(null, { ...toForm(FIELDS, null), primaryColor: '#ff6a00', downloadDays: '7' })}
          >
            {text.sites.add}
          </button>
        )}
        <span className="field__hint">{text.sites.iconHint}</span>
      </div>
      <p className="field__hint" data-testid="site-zone">
        {text.sites.zone(consoleZone(), consoleZoneId())}
      </p>
      {iconError && (
        <p className="table__status table__status--error" role="alert">
          {iconError}
        </p>
      )}
      <div className="table-wrap">
        <table className="table table--hover">
          <thead>
            <tr>
              <th>ID</th>
              <th>{text.sites.icon}</th>
              <th>{text.sites.title}</th>
              <th>{text.sites.host}</th>
              <th>{text.sites.colour}</th>
              <th>{text.sites.downloadDays}</th>
              <th>{text.sites.feed}</th>
              <th>{text.sites.account}</th>
              <th>{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {sites.map((site) => (
              <tr key={site.id} data-testid={`site-${site.id}`}>
                <td className="settings-table__num">{site.id}</td>
                <td>
                  {site.icons ? (
                    <img className="thumb thumb--icon" src={site.icons['192']} alt="" />
                  ) : (
                    <span className="settings-table__sub">{text.sites.defaultIcon}</span>
                  )}
                </td>
                <td className="settings-table__title">
                  {site.title}
                  <div className="settings-table__sub">{site.description}</div>
                </td>
                <td>
                  <code>{site.host}</code>
                </td>
                <td className="table__nowrap">
                  <span className="swatch" style={{ background: site.primaryColor }} />
                  <code>{site.primaryColor}</code>
                </td>
                <td className="settings-table__num" data-testid="site-download-days">
                  {site.downloadDays}
                </td>
                <td data-testid="site-feed">
                  {site.feedEnabled ? text.sites.feedLevels[site.feedAccess] : text.sites.feedOff}
                  {site.feedEnabled && site.feedKey && (
                    <div className="settings-table__sub">{text.sites.feedKeyed}</div>
                  )}
                </td>
                <td className="table__nowrap">
                  <code>
                    {site.accountId} / {site.appId}
                  </code>
                </td>
                <td className="table__nowrap">
                  <button
                    className="link-button"
                    type="button"
                    onClick={() => dialog.edit(site, toForm(FIELDS, site as unknown as Record<string, unknown>))}
                  >
                    {text.edit}
                  </button>
                  <label className="link-button">
                    {iconBusy === site.id ? text.uploading : text.sites.iconUpload}
                    <input
                      type="file"
                      accept="image/png,image/jpeg,image/webp"
                      hidden
                      onChange={(e) => void icon(site, e.target.files?.[0])}
                    />
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldsDialog
        dialog={dialog}
        title={(site) => (site ? `${text.edit}站点 ${site.title}` : text.sites.add)}
        fields={FIELDS}
        onSubmit={save}
      >
        {!dialog.editing?.item && <p className="field__hint">{text.sites.newHint}</p>}
      </FieldsDialog>
    </div>
  );
}
