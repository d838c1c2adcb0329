/** All categories (/category): the app-wide three-level tree, expandable. */
import '../styles/directory.css';
import { CategoryTree } from '../features/categories/category-tree.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { messages } from '../messages.ts';
import { shellMessages } from '../shell-messages.ts';
import { useAppInit } from '../stores/app-init.ts';

export default function CategoryListScreen() {
  const { categories, loaded } = useAppInit();
  if (!loaded) {
    return (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{shellMessages.app.loading}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="category-root category-root--skeleton" />
        ))}
      </div>
    );
  }
  if (categories.length === 0) return <p className="empty-state">{messages.categories.emptyTree}</p>;
  return <CategoryTree nodes={categories} />;
}
