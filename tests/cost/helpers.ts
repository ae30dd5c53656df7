import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Gives the scripted provider in `home`'s config.json a price per million tokens (the rest of the file is kept). */
export function priceProvider(home: string, price: { inputPerMTok: number; outputPerMTok: number }): string {
  const file = join(home, 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { providers: Record<string, unknown>[] };
  config.providers[0] = { ...config.providers[0], price };
  writeFileSync(file, JSON.stringify(config));
  return home;
}
