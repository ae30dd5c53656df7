export { PriceBook, type PriceBookDeps } from './price-book';
export { Budgets, type BudgetDeps } from './budgets';
export { createCostHandlers, type CostRequestNames } from './handlers';
export { knownPrice } from './known-prices';
export { endpointPriceOf, type EndpointPrice } from './endpoint-price';
export type { PriceQuote, PriceQuoter } from './types';
