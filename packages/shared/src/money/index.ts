export * from './amount-text';
export * from './decimal';
export * from './rate-text';
