/** The console's 影片 section: the list at /admin/content, a title's editor at /admin/content/:id. */
import { Route, Switch } from 'wouter';
import { MovieEditor } from './movie-editor.tsx';
import { MovieList } from './movie-list.tsx';

export function CataloguePage() {
  return (
    <Switch>
      <Route path="/">
        <MovieList />
      </Route>
      <Route path="/:id">{(params) => <MovieEditor key={params.id} id={Number(params.id)} />}</Route>
    </Switch>
  );
}
