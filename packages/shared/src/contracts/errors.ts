import * as z from './zod';

/** Field errors (design §3): HTTP 400, messages already in the request's language. */
export const parameterErrorsSchema = z.object({
  parameterErrors: z.array(z.object({ name: z.string(), messages: z.array(z.string()) })),
  /** With calculate's refusal of an amount out of range or over the reserve: what it comes to. */
  estimate: z.object({ giveSum: z.string(), getSum: z.string() }).optional(),
});
export type ParameterErrors = z.infer<typeof parameterErrorsSchema>['parameterErrors'];

/** Every other error (design §3). */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
