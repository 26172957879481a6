export * from './errors';
export * from './exchange';
export * from './accounts';
export * from './site';
export * from './referral';
export * from './tickets';
export * from './content';
export * from './public-reads';
