import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ICON_ALIASES } from '../icons/aliases.ts';
import { findIcon, ICON_NAMES } from '../icons/icon-set.ts';
import { iconRoutes } from '../routes/icons.ts';
import { planCategories } from '../seed/plan-taxonomy.ts';

async function get(url: string) {
  const app = Fastify();
  await app.register(iconRoutes);
  const response = await app.inject({ method: 'GET', url });
  await app.close();
  return response;
}

describe('GET /api/icons', () => {
  it('answers the icons asked for and lists the unknown ones', async () => {
    const response = await get('/api/icons?icons=film,mdi:forum,nope');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=86400');
    const body = response.json() as {
      icons: Record<string, { body: string; width: number; height: number }>;
      not_found: string[];
    };
    expect(Object.keys(body.icons).sort()).toEqual(['film', 'mdi:forum']);
    expect(body.icons.film).toMatchObject({ width: 24, height: 24 });
    expect(body.icons.film!.body).toContain('currentColor');
    expect(body.not_found).toEqual(['nope']);
  });

  it('refuses bad names, no names and more than 50', async () => {
    expect((await get('/api/icons?icons=%3Cscript%3E')).statusCode).toBe(400);
    expect((await get('/api/icons')).statusCode).toBe(400);
    const many = Array.from({ length: 51 }, (_, i) => `i${i}`).join(',');
    expect((await get(`/api/icons?icons=${many}`)).statusCode).toBe(400);
  });

  it('has about thirty shapes and every alias resolves', () => {
    expect(ICON_NAMES.length).toBeGreaterThanOrEqual(30);
    for (const alias of Object.keys(ICON_ALIASES)) expect(findIcon(alias), alias).not.toBeNull();
  });

  it('covers every icon the demo seed gives its categories', () => {
    const names = planCategories().flatMap((category) => (category.icon ? [category.icon] : []));
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(findIcon(name), name).not.toBeNull();
  });
});
