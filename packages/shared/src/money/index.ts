export * from './amount-text';
export * from './decimal';
