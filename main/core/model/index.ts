export { createModelClient, type ModelClientOptions } from './client';
export { listModels } from './list-models';
export { ModelError } from './types';
export type * from './types';
