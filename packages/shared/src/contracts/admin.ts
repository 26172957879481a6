/**
 * The operator console's calls (/api/admin/*). Bodies accept JSON and the console's form values
 * alike (numbers may come as text), so one schema checks the form and the request.
 */

export { adminListQuery, intField, paged } from './admin/fields';
export * from './admin/tickets';
export * from './admin/exchange';
export * from './admin/hold-groups';
export * from './admin/people';
export * from './admin/site';
export * from './admin/content';
export * from './admin/ticket-payouts';
export * from './admin/telegram';
export * from './admin/desk';
export * from './admin/aml';
