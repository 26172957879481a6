// From its own module: the contracts' index would bring zod (60 KB gzip) to the news pages.
import { statusOfFailure } from '@obmen/shared/public-reads';

/** A missing page or news item will not appear on a second try; a dropped connection might. */
export const retryUnlessMissing = (failures: number, error: unknown) =>
  !((statusOfFailure(error) ?? 500) < 500) && failures < 1;

/**
 * The content does not exist (an id that is no number answers 400): the API's answer in the
 * browser, the service's error while the server draws the page.
 */
export const isMissing = (error: unknown) => {
  const status = statusOfFailure(error);
  return status === 404 || status === 400;
};
