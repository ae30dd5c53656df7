export * from './lang';
export * from './catalog-types';
export * from './keys';
export * from './translate';
export * from './format';
export * from './message';
export * from './shown';
