import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from './renderer';

// Placeholder until the dev-server work lands (h43-devssr owns this file).
export async function viteDevRenderer(_app: FastifyInstance): Promise<PageRenderer> {
  throw new Error('The dev renderer is not built yet');
}
