/**
 * The articles (/archives), reached from home's 文章 tile: sorted 最新 / 最热 / 最多回复 by infinite
 * scroll (cursor pages of /archives/getPage), filtered by the article sections (the children of the
 * '/archives' category in the app-wide tree) through the pills above. Each opens at /archives/{id}.
 * The layout's bar is its heading (文章, the route's title).
 */
import '../features/posts/posts.css';
import { useState } from 'react';
import { PostFeed } from '../features/posts/post-feed.tsx';
import { SegmentTabs } from '../components/segment-tabs.tsx';
import { messages } from '../messages.ts';
import { categoryByRoute, useAppInit } from '../stores/app-init.ts';

const ALL = 'all';

export default function ArchiveListScreen() {
  const { categories } = useAppInit();
  const sections = categoryByRoute('/archives', categories)?.childList ?? [];
  const [section, setSection] = useState<string>(ALL);
  const tabs = [
    { value: ALL, label: messages.archives.all },
    ...sections.map((node) => ({ value: String(node.categoryId), label: node.name })),
  ];
  const query = section === ALL ? {} : { categoryId: Number(section) };
  return (
    <div className="archive-screen">
      {sections.length > 0 && (
        <SegmentTabs tabs={tabs} value={section} onChange={setSection} label={messages.archives.heading} look="pills" />
      )}
      <PostFeed kind="article" query={query} empty={messages.archives.empty} />
    </div>
  );
}
