/**
 * In-memory view of the sites table for the hot path (every call resolves its site). Sites change
 * rarely: the whole table is reloaded when older than `maxAgeMs`, or on a miss at most every
 * `missReloadMs`, so random accountIds cannot turn into a query per request.
 */
import type { Db } from './db/db.ts';
import { DEMO_SITE, listSites, type Site } from './db/sites.ts';

export class SiteDirectory {
  private byAccount = new Map<string, Site>();
  private byHost = new Map<string, Site>();
  private sites: Site[] = [];
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 30_000,
    private readonly missReloadMs = 2_000,
  ) {}

  async findByAccountId(accountId: string): Promise<Site | undefined> {
    await this.fresh(this.maxAgeMs);
    if (!this.byAccount.has(accountId)) await this.fresh(this.missReloadMs);
    return this.byAccount.get(accountId);
  }

  async findById(id: number): Promise<Site | undefined> {
    await this.fresh(this.maxAgeMs);
    return this.sites.find((site) => site.id === id);
  }

  /** The site for a Host header (port ignored); else the demo site; else the first site. */
  async findForHost(hostname: string): Promise<Site | undefined> {
    await this.fresh(this.maxAgeMs);
    const host = hostname.toLowerCase().replace(/:\d+$/, '');
    return this.byHost.get(host) ?? this.byAccount.get(DEMO_SITE.accountId) ?? this.sites[0];
  }

  /** Forgets the cache, e.g. after a site was edited. */
  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  private async fresh(maxAgeMs: number): Promise<void> {
    if (Date.now() - this.loadedAt <= maxAgeMs) return;
    this.loading ??= this.reload().finally(() => {
      this.loading = null;
    });
    await this.loading;
  }

  private async reload(): Promise<void> {
    const sites = await listSites(this.db);
    this.sites = sites;
    this.byAccount = new Map(sites.map((site) => [site.accountId, site]));
    this.byHost = new Map(sites.map((site) => [site.host.toLowerCase(), site]));
    this.loadedAt = Date.now();
  }
}
