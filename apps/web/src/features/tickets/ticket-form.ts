import { createTicketBody, type CreateTicketBody, type Quote, type RequisiteField } from '@obmen/shared/contracts';
import { requisiteProblem } from '@obmen/shared/requisites';
import type { FormSchema } from '../../lib/use-contract-form';

type Side = 'give' | 'get';

export interface TicketFormValues {
  requisites: Record<Side, Record<string, string>>;
  email: string;
  promocode: string;
  agreeAml: boolean;
  agreeRules: boolean;
}
type Issue = Extract<
  ReturnType<FormSchema<TicketFormValues>['safeParse']>,
  { success: false }
>['error']['issues'][number];

export interface TicketFormFields {
  give: RequisiteField[];
  get: RequisiteField[];
}

/** The form's name of a requisite: the very name the server gives its errors ('requisites.give.cardNumber'). */
export const requisiteName = (side: Side, field: RequisiteField) => `requisites.${side}.${field.name}` as const;

/** The name of every field the form shows, in their order. */
export const ticketFormNames = (fields: TicketFormFields): string[] => [
  ...fields.give.map((field) => requisiteName('give', field)),
  ...fields.get.map((field) => requisiteName('get', field)),
  'email',
  'promocode',
  'agreeAml',
  'agreeRules',
];

const emptyRequisites = (list: RequisiteField[]) => Object.fromEntries(list.map((field) => [field.name, '']));

/** Every value of the form in the order it shows them: the first invalid one gets the focus. */
export function ticketFormDefaults(fields: TicketFormFields, email: string, promocode: string): TicketFormValues {
  return {
    requisites: { give: emptyRequisites(fields.give), get: emptyRequisites(fields.get) },
    email,
    promocode,
    agreeAml: false,
    agreeRules: false,
  };
}

const issue = (path: string[], message: string, input: unknown): Issue =>
  ({ code: 'custom', path, message, input }) as unknown as Issue;

const requisiteValue = (values: TicketFormValues, side: Side, field: RequisiteField) =>
  String(values.requisites[side][field.name] ?? '');

/**
 * The same checks the server makes (spec §5; requisites by the field's pattern, cards by Luhn too),
 * shaped as a schema for `useContractForm`; the requisite fields come from get_fields, so it is built per pair.
 */
export function ticketFormSchema(fields: TicketFormFields): FormSchema<TicketFormValues> {
  return {
    safeParse(input: unknown) {
      const values = input as TicketFormValues;
      const issues: Issue[] = [];
      for (const side of ['give', 'get'] as const) {
        for (const field of fields[side]) {
          const value = requisiteValue(values, side, field);
          const problem = requisiteProblem(field, value);
          if (problem) issues.push(issue(['requisites', side, field.name], problem, value));
        }
      }
      const email = createTicketBody.shape.email.safeParse(values.email);
      if (!email.success) issues.push(...email.error.issues.map((i) => ({ ...i, path: ['email'] }) as Issue));
      if (String(values.promocode ?? '').trim().length > 40) {
        issues.push(issue(['promocode'], 'validation.maxLength', values.promocode));
      }
      if (values.agreeAml !== true) issues.push(issue(['agreeAml'], 'validation.agreeAml', values.agreeAml));
      if (values.agreeRules !== true) issues.push(issue(['agreeRules'], 'validation.agreeRules', values.agreeRules));
      return issues.length ? { success: false, error: { issues } } : { success: true, data: values };
    },
  };
}

export interface DraftExchange {
  giveName: string;
  getName: string;
  direction: 'sell' | 'buy';
  useFixed: boolean;
}

/** The create payload: the quote's own sums and token, the requisites as typed, the agreements given. */
export function ticketBody(
  values: TicketFormValues,
  fields: TicketFormFields,
  exchange: DraftExchange,
  quote: Quote,
  promocode: string,
  refId: string,
): CreateTicketBody {
  const side = (name: Side) =>
    Object.fromEntries(
      fields[name]
        .map((field) => [field.name, requisiteValue(values, name, field).trim()] as const)
        .filter(([, value]) => value !== ''),
    );
  return {
    giveName: exchange.giveName,
    getName: exchange.getName,
    giveSum: quote.giveSum,
    getSum: quote.getSum,
    calcDirection: exchange.direction,
    useFixed: exchange.useFixed,
    quoteToken: quote.quoteToken,
    ...(promocode && { promocode }),
    ...(refId && { refId }),
    email: String(values.email).trim(),
    requisites: { give: side('give'), get: side('get') },
    agreeAml: true,
    agreeRules: true,
  };
}
