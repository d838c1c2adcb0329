/**
 * A list filter's 站点: the operator's sites by name (session/site-choices.ts), or all of them.
 * The value is the site's id as text, '' for all; a value not among the choices (an address typed
 * by hand) still shows, as its number.
 */
import { adminMessages } from '../admin-messages.ts';
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
  const choices = useSiteChoices() ?? [];
  const unknown = value !== '' && !choices.some((site) => String(site.id) === value);
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="field__input" name="siteId" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{adminMessages.site.all}</option>
        {unknown && <option value={value}>{adminMessages.site.numbered(value)}</option>}
        {choices.map((site) => (
          <option key={site.id} value={site.id}>
            {site.title}
          </option>
        ))}
      </select>
    </label>
  );
}
