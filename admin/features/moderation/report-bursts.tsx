/**
 * Bursts of reports against one member, above the 待处理 queue (GET /admin-api/moderation/bursts):
 * a banner per member saying how many members reported how many of their items within the window,
 * how many of those members' reports do not count toward hiding, when, and a link to the member
 * (where a mute or ban is set). Read again whenever `version` changes (after each decision).
 */
import { Link } from 'wouter';
import { useLoad } from '../../components/use-load.ts';
import { fetchBursts } from './moderation-calls.ts';
import { consoleTime } from '../../components/console-time.ts';
import { moderationText as text } from './moderation-messages.ts';

export function ReportBursts({ version }: { version: number }) {
  const { data, error } = useLoad(fetchBursts, String(version));
  if (error) return <p className="table__status table__status--error">{error}</p>;
  if (!data || data.length === 0) return null;
  return (
    <section className="mod-bursts" aria-label={text.bursts.title}>
      {data.map((burst) => (
        <p key={burst.author.id} className="mod-burst" data-testid="report-burst" data-author={burst.author.id}>
          <span className="badge badge--danger">{text.bursts.title}</span>{' '}
          <Link href={`~/admin/users/${burst.author.id}`}>
            {burst.author.nickname} <span className="mod-card__uid">#{burst.author.id}</span>
          </Link>
          ：{text.bursts.line(burst.reporters, burst.windowMinutes, burst.items, burst.reports)}
          {burst.uncountedReporters > 0 && `，${text.bursts.uncounted(burst.uncountedReporters)}`}
          <span className="mod-burst__time">
            {text.bursts.span(consoleTime(burst.firstAt), consoleTime(burst.lastAt))}
          </span>
        </p>
      ))}
    </section>
  );
}
