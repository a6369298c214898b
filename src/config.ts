/**
 * Build-time configuration (README "Configuration"). The spec's `{key}` and `{secret}` placeholders:
 * the initial password of new and migrated users, and the initial password of teachers created by an import.
 * Both are known to administrators only and every user who gets one must change it at first login.
 */
// Vite and vitest define import.meta.env; Node scripts that import app modules (bench/) do not.
const env: Partial<ImportMetaEnv> = (import.meta as { env?: ImportMetaEnv }).env ?? {};
export const INITIAL_PASSWORD: string = env.VITE_INITIAL_PASSWORD || 'Bienvenue@2026';
export const IMPORTED_TEACHER_PASSWORD: string = env.VITE_IMPORTED_TEACHER_PASSWORD || 'Enseignant@2026';
