/** The console's 资源采集: sources and runs at /admin/supply, a run's log at /admin/supply/runs/:id. */
import './supply.css';
import { Route, Switch } from 'wouter';
import { RunLog } from './run-log.tsx';
import { SupplyHome } from './supply-home.tsx';

export function SupplyPage() {
  return (
    <Switch>
      <Route path="/">
        <SupplyHome />
      </Route>
      <Route path="/runs/:id">{(params) => <RunLog key={params.id} id={Number(params.id)} />}</Route>
    </Switch>
  );
}
