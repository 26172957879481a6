import { createTicketBody, type CreateTicketBody, type Quote, type RequisiteField } from '@obmen/shared/contracts';
import { requisiteProblem } from '@obmen/shared/requisites';
import type { FormSchema } from '../../lib/use-zod-form';

export type TicketFormValues = Record<string, string | boolean>;
type Issue = Extract<
  ReturnType<FormSchema<TicketFormValues>['safeParse']>,
  { success: false }
>['error']['issues'][number];

export interface TicketFormFields {
  give: RequisiteField[];
  get: RequisiteField[];
}

/** The form's name of a requisite: the very name the server gives its errors ('requisites.give.cardNumber'). */
export const requisiteName = (side: 'give' | 'get', field: RequisiteField) => `requisites.${side}.${field.name}`;

/** Every value of the form in the order it shows them: the first invalid one gets the focus. */
export function ticketFormDefaults(fields: TicketFormFields, email: string, promocode: string): TicketFormValues {
  const values: TicketFormValues = {};
  for (const field of fields.give) values[requisiteName('give', field)] = '';
  for (const field of fields.get) values[requisiteName('get', field)] = '';
  return { ...values, email, promocode, agreeAml: false, agreeRules: false };
}

const issue = (name: string, message: string, input: unknown): Issue =>
  ({ code: 'custom', path: [name], message, input }) as unknown as Issue;

/**
 * The same checks the server makes (spec §5; requisites by the field's pattern, cards by Luhn too),
 * shaped as a schema for `useZodForm`; the requisite fields come from get_fields, so it is built per pair.
 */
export function ticketFormSchema(fields: TicketFormFields): FormSchema<TicketFormValues> {
  return {
    safeParse(input: unknown) {
      const values = input as TicketFormValues;
      const issues: Issue[] = [];
      for (const side of ['give', 'get'] as const) {
        for (const field of fields[side]) {
          const name = requisiteName(side, field);
          const problem = requisiteProblem(field, String(values[name] ?? ''));
          if (problem) issues.push(issue(name, problem, values[name]));
        }
      }
      const email = createTicketBody.shape.email.safeParse(values.email);
      if (!email.success) issues.push(...email.error.issues.map((i) => ({ ...i, path: ['email'] }) as Issue));
      if (String(values.promocode ?? '').trim().length > 40) {
        issues.push(issue('promocode', 'validation.maxLength', values.promocode));
      }
      if (values.agreeAml !== true) issues.push(issue('agreeAml', 'validation.agreeAml', values.agreeAml));
      if (values.agreeRules !== true) issues.push(issue('agreeRules', 'validation.agreeRules', values.agreeRules));
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
  const side = (name: 'give' | 'get') =>
    Object.fromEntries(
      fields[name]
        .map((field) => [field.name, String(values[requisiteName(name, field)] ?? '').trim()] as const)
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
