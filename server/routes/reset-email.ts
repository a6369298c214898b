import type { FastifyInstance } from 'fastify';

export { RESET_NOTE } from './password-reset';

/**
 * POST /api/send-reset-email is gone (issue 12 point 5): the server creates the reset token and link itself
 * (server/routes/password-reset.ts). Kept only so that server/app.ts compiles until its registration line is
 * replaced by registerPasswordResetRoutes; delete this file then.
 */
export function registerResetEmailRoute(_app: FastifyInstance): void {}
