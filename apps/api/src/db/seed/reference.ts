import { REGION_CATALOGUE } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { regions } from '../schema/index.ts';
import { seedCatalogue } from './catalogue.ts';

/** The platform's regions (contracts REGION_CATALOGUE, spec §3) and the product catalogue (seed/catalogue.ts); kept in step at every start. */
export async function seedReferenceData(db: Executor, options: { productUrls?: Readonly<Record<string, string>> } = {}) {
  await db
    .insert(regions)
    .values(REGION_CATALOGUE.map(({ code, name, iconName, priority }) => ({ code, name, iconName, priority })))
    .onConflictDoUpdate({
      target: regions.code,
      set: { name: sql`excluded.name`, iconName: sql`excluded.icon_name`, priority: sql`excluded.priority` },
    });
  await seedCatalogue(db, options);
}
