import { ApiError } from '../../../lib/api-client';

/** A missing page or news item will not appear on a second try; a dropped connection might. */
export const retryUnlessMissing = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 1;

/** The server answered that this content does not exist (an id that is no number answers 400). */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
