import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const bodySchema = z.object({
  to: z.string().trim().min(3).max(320).includes('@'),
  name: z.string().max(200).default(''),
  resetUrl: z
    .string()
    .max(2000)
    .refine(
      (url) => /^https?:\/\/[^/]+\/reset-password\?token=[0-9a-f]{32}$/.test(url),
      'lien de réinitialisation attendu',
    ),
});

export const RESET_NOTE = "Aucun service d'e-mail n'est configuré : voici le lien de réinitialisation.";

/**
 * POST /api/send-reset-email (spec part 1 point 7). No mail provider is configured in this version: the link
 * is answered for display, as the specification describes, and the server says so in its log.
 */
export function registerResetEmailRoute(app: FastifyInstance): void {
  app.post('/api/send-reset-email', (request, reply) => {
    const parsed = bodySchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid-body' });
    request.log.warn(
      'Aucun serveur SMTP configuré : le lien de réinitialisation est renvoyé pour affichage.',
    );
    return { resetUrl: parsed.data.resetUrl, note: RESET_NOTE };
  });
}
