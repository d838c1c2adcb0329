/**
 * The console's 审核 section (/admin/moderation): tabs as nested routes — 待处理 (/pending, the
 * queue), 已处理 (/handled), 敏感词 (/words) and 设置 (/settings, first-post review per site).
 */
import './moderation.css';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { moderationText as text } from './moderation-messages.ts';
import { QueueView } from './queue-view.tsx';
import { ReviewSettingsView } from './review-settings-view.tsx';
import { WordsView } from './words-view.tsx';

const TABS = [
  { path: '/pending', label: text.tabs.pending },
  { path: '/handled', label: text.tabs.handled },
  { path: '/words', label: text.tabs.words },
  { path: '/settings', label: text.tabs.settings },
] as const;

export function ModerationPage() {
  const [location] = useLocation();
  return (
    <section className="moderation">
      <h1 className="page-title">{text.title}</h1>
      <nav className="mod-tabs" aria-label={text.title}>
        {TABS.map((tab) => (
          <Link
            key={tab.path}
            href={tab.path}
            className={`mod-tabs__tab${location.startsWith(tab.path) ? ' is-active' : ''}`}
            aria-current={location.startsWith(tab.path) ? 'page' : undefined}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      <Switch>
        <Route path="/pending">
          <QueueView key="pending" state="pending" />
        </Route>
        <Route path="/handled">
          <QueueView key="handled" state="handled" />
        </Route>
        <Route path="/words">
          <WordsView />
        </Route>
        <Route path="/settings">
          <ReviewSettingsView />
        </Route>
        <Route>
          <Redirect to="/pending" replace />
        </Route>
      </Switch>
    </section>
  );
}
