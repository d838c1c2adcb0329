/**
 * 分类与标签 (运营 and 超级管理员): sub-tabs 分类 / 标签 / 专题 / 热搜词 as nested routes
 * (/taxonomy/categories, /tags, /featured[/:id], /hot-words); /taxonomy opens 分类.
 */
import './taxonomy.css';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { CategoryTab } from './category-tab.tsx';
import { FeaturedTab } from './featured-tab.tsx';
import { HotWordTab } from './hot-word-tab.tsx';
import { taxonomyText as text } from './taxonomy-messages.ts';
import { TagTab } from './tag-tab.tsx';

const TABS = [
  { path: '/categories', label: text.tabs.categories },
  { path: '/tags', label: text.tabs.tags },
  { path: '/featured', label: text.tabs.featured },
  { path: '/hot-words', label: text.tabs.hotWords },
] as const;

export function TaxonomyPage() {
  const [location] = useLocation();
  return (
    <section className="tx-page">
      <h1 className="page-title">{text.title}</h1>
      <nav className="tx-tabs" aria-label={text.title}>
        {TABS.map((tab) => {
          const active = location === tab.path || location.startsWith(`${tab.path}/`);
          return (
            <Link
              key={tab.path}
              href={tab.path}
              className={`tx-tab${active ? ' is-active' : ''}`}
              aria-current={active ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      <Switch>
        <Route path="/categories">
          <CategoryTab />
        </Route>
        <Route path="/tags">
          <TagTab />
        </Route>
        <Route path="/featured" nest>
          <FeaturedTab />
        </Route>
        <Route path="/hot-words">
          <HotWordTab />
        </Route>
        <Route>
          <Redirect to="/categories" replace />
        </Route>
      </Switch>
    </section>
  );
}
