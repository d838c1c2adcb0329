/** The site a page shows: a labelled select of the operator's sites, each as 标题（#id） unless told. */
interface PickableSite {
  id: number;
  title: string;
}

export function SitePicker<Site extends PickableSite>({
  label,
  sites,
  value,
  onChange,
  name,
  disabled,
  className = 'field field--inline',
  describe = (site) => `${site.title}（#${site.id}）`,
}: {
  label: string;
  sites: readonly Site[] | undefined;
  value: number | null | undefined;
  onChange: (siteId: number) => void;
  name?: string;
  disabled?: boolean;
  /** The label's classes (the field's layout). */
  className?: string;
  describe?: (site: Site) => string;
}) {
  return (
    <label className={className}>
      <span className="field__label">{label}</span>
      <select
        className="field__input"
        name={name}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {sites?.map((site) => (
          <option key={site.id} value={site.id}>
            {describe(site)}
          </option>
        ))}
      </select>
    </label>
  );
}
