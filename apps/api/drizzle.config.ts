import { readdirSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

// Every table file of src/db/schema/ (a new table's file is found here, with no line to add);
// index.ts only re-exports the older files for their importers.
const schemaFiles = readdirSync(new URL('./src/db/schema/', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
  .toSorted()
  .map((file) => `./src/db/schema/${file}`);

export default defineConfig({
  dialect: 'postgresql',
  schema: schemaFiles,
  out: './src/db/migrations',
  casing: 'snake_case',
});
