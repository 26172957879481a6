export * from './languages';
export * from './messages';
