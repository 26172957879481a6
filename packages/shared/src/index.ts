export * from './i18n';
export * from './routing/page-routes';
export * from './contracts';
export * from './validation/issue-message';
export * from './validation/password-policy';
export * from './money';
export * from './validation/requisites';
