/**
 * The console's one site select: a labelled select of sites, each as 标题（#id） unless told. With
 * `allLabel` it is a list filter, whose first choice is every site (the value null); a value not
 * among the sites (an address typed by hand) still shows, as its number.
 */
import { adminMessages } from '../admin-messages.ts';

interface PickableSite {
  id: number;
  title: string;
}

type SitePickerProps<Site> = {
  label: string;
  sites: readonly Site[] | undefined;
  value: number | null | undefined;
  name?: string;
  disabled?: boolean;
  /** The label's classes (the field's layout). */
  className?: string;
  describe?: (site: Site) => string;
} & (
  | { allLabel?: undefined; onChange: (siteId: number) => void }
  /** A list filter: `allLabel` is the first choice, every site, which gives null. */
  | { allLabel: string; onChange: (siteId: number | null) => void }
);

export function SitePicker<Site extends PickableSite>({
  label,
  sites,
  value,
  onChange,
  name,
  disabled,
  allLabel,
  className = 'field field--inline',
  describe = (site) => `${site.title}（#${site.id}）`,
}: SitePickerProps<Site>) {
  const pick = onChange as (siteId: number | null) => void;
  const unknown = value != null && !sites?.some((site) => site.id === value);
  return (
    <label className={className}>
      <span className="field__label">{label}</span>
      <select
        className="field__input"
        name={name}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => pick(event.target.value === '' ? null : Number(event.target.value))}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {unknown && <option value={value}>{adminMessages.site.numbered(String(value))}</option>}
        {sites?.map((site) => (
          <option key={site.id} value={site.id}>
            {describe(site)}
          </option>
        ))}
      </select>
    </label>
  );
}
