import type { BudgetUnit } from '../../../shared/cost';
import type { Result } from '../../../shared/result';
import { configPath, saveConfig } from '../config';
import { readConfigFile } from '../config/load';

/**
 * Sets `budgets.daily.<unit>` in config.json, as written (no environment applied, the other settings kept), when
 * a person raises the daily budget from its card. A missing file becomes one holding just that.
 */
export function saveDailyBudget(home: string, unit: BudgetUnit, limit: number): Result<string> {
  const file = readConfigFile(configPath(home));
  if (!file.ok) return file;
  return saveConfig(home, { ...file.value, budgets: { ...file.value.budgets, daily: { ...file.value.budgets?.daily, [unit]: limit } } });
}
