export { listModels } from './list-models';
export type * from './types';
