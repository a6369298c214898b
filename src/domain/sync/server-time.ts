/**
 * Every answer of the server carries its clock (ISO 8601) in this header, and sync answers also in a
 * `serverTime` field: the device estimates the server's time from it (src/sync/server-clock.ts) for the
 * trusted time of check-ins (domain/attendance/trust). A module of its own: no schema library with it.
 */
export const SERVER_TIME_HEADER = 'x-server-time';
