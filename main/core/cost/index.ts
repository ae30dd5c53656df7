export { PriceBook } from './price-book';
export { Budgets } from './budgets';
export { createCostHandlers, type CostRequestNames } from './handlers';
