import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { MAX_UPLOAD_BYTES } from './card-image';

/** The photo and the form's framing around it: the one body larger than the 1 MB every other call gets. */
export const MAX_UPLOAD_FORM_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** What one card-photo form may hold: a file, a few small fields, short part headers. */
export const UPLOAD_FORM_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: 1,
  fields: 4,
  fieldSize: 1024,
  parts: 5,
  headerPairs: 10,
};

/**
 * onRequest of the upload: a form larger than allowed is refused from its Content-Length before a
 * byte of it is read. Browsers always send the length of a form; without it (chunked) the size
 * could only be learnt by reading, so such a form is refused too.
 */
export async function refuseOversizedForm(request: FastifyRequest): Promise<void> {
  if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
  const length = request.headers['content-length'];
  if (length === undefined) throw new AppError(411, 'length_required', 'error.badRequest');
  if (Number(length) > MAX_UPLOAD_FORM_BYTES) throw new AppError(413, 'upload_too_large', 'upload.tooLarge');
}

/** The `image` file of the upload form; a form that is not one (broken framing, no image) is the client's error. */
export async function readUploadedImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(400, 'upload_missing', 'upload.missing');
  let image: Buffer | undefined;
  try {
    const file = await request.file({ limits: UPLOAD_FORM_LIMITS });
    if (file?.fieldname === 'image') image = await file.toBuffer();
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    // busboy's own errors ('Malformed part header', 'Unexpected end of form') carry no status.
    throw new AppError(400, 'malformed_form', 'error.badRequest');
  }
  if (!image) throw new AppError(400, 'upload_missing', 'upload.missing');
  return image;
}
