/**
 * A list filter's 站点: the operator's sites by name (session/site-choices.ts), or all of them, in
 * the console's one site select (components/site-picker.tsx). The value is the site's id as text,
 * '' for all, as the list's address keeps it.
 */
import { adminMessages } from '../admin-messages.ts';
import { SitePicker } from '../components/site-picker.tsx';
import { useSiteChoices } from './site-choices.ts';

export function SiteSelect({
  value,
  onChange,
  label = adminMessages.site.label,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <SitePicker
      label={label}
      sites={useSiteChoices() ?? []}
      value={/^\d+$/.test(value) ? Number(value) : null}
      onChange={(siteId) => onChange(siteId === null ? '' : String(siteId))}
      name="siteId"
      allLabel={adminMessages.site.all}
      className="field"
      describe={(site) => site.title}
    />
  );
}
