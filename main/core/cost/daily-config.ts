import { readFileSync } from 'node:fs';
import { RuntimeConfig } from '../../../shared/config';
import type { BudgetUnit } from '../../../shared/cost';
import { err, type Result } from '../../../shared/result';
import { configPath, saveConfig } from '../config';
import { describeIssues } from '../config/issues';
import { describeJsonError } from '../config/json-error';

/**
 * Sets `budgets.daily.<unit>` in config.json, as written (no environment applied, the other settings kept), when
 * a person raises the daily budget from its card. A missing file becomes one holding just that.
 */
export function saveDailyBudget(home: string, unit: BudgetUnit, limit: number): Result<string> {
  const path = configPath(home);
  let text: string | null = null;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return err('config', `${path}: cannot read: ${(error as Error).message}`);
  }
  let raw: unknown = {};
  if (text !== null) {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return err('config', `${path}: ${describeJsonError(text, error)}`);
    }
  }
  const parsed = RuntimeConfig.safeParse(raw);
  if (!parsed.success) return err('config', describeIssues(path, parsed.error));
  const file = parsed.data;
  return saveConfig(home, { ...file, budgets: { ...file.budgets, daily: { ...file.budgets?.daily, [unit]: limit } } });
}
