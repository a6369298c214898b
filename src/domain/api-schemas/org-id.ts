/** An organisation id as routes accept it (query or body). Without zod: the login screen tests it too. */
export const ORG_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
