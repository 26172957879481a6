import * as z from './zod';

/** Field errors (design §3): HTTP 400, messages already in the request's language. */
export const parameterErrorsSchema = z.object({
  parameterErrors: z.array(z.object({ name: z.string(), messages: z.array(z.string()) })),
});
export type ParameterErrors = z.infer<typeof parameterErrorsSchema>['parameterErrors'];

/** Every other error (design §3). */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
