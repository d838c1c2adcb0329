/**
 * The gossip feed (/chigua): big 16:9 covers, newest first, filtered by the chigua sections (the
 * children of the '/chigua' category in the app-wide tree) through the pills above.
 */
import '../features/posts/posts.css';
import { useState } from 'react';
import { PostFeed } from '../features/posts/post-feed.tsx';
import { SegmentTabs } from '../components/segment-tabs.tsx';
import { messages } from '../messages.ts';
import { categoryByRoute, useAppInit } from '../stores/app-init.ts';

const ALL = 'all';

export default function ChiguaListScreen() {
  const { categories } = useAppInit();
  const sections = categoryByRoute('/chigua', categories)?.childList ?? [];
  const [section, setSection] = useState<string>(ALL);
  const tabs = [
    { value: ALL, label: messages.chigua.all },
    ...sections.map((node) => ({ value: String(node.categoryId), label: node.name })),
  ];
  const query = section === ALL ? {} : { categoryId: Number(section) };
  return (
    <div className="chigua-screen">
      <h1 className="screen-title">{messages.chigua.heading}</h1>
      {sections.length > 0 && (
        <SegmentTabs tabs={tabs} value={section} onChange={setSection} label={messages.chigua.heading} look="pills" />
      )}
      <PostFeed kind="chigua" query={query} look="cover" sortable={false} empty={messages.chigua.empty} />
    </div>
  );
}
