export * from './i18n';
export * from './routing/page-routes';
export * from './contracts';
// The console's contracts are not in ./contracts: the web app's visitor pages import that, and must not carry these.
export * from './contracts/admin';
export * from './validation/issue-message';
export * from './validation/password-policy';
export * from './money';
export * from './validation/requisites';
export * from './validation/tx-explorer';
export * from './validation/chain-watch';
export * from './validation/address-range';
