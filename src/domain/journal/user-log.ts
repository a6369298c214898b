import type { FieldChange, User, UserLog, UserLogAction } from '../store/schema';

export interface Actor {
  id: string | null;
  name: string | null;
}

/** A journal entry (spec part 2 point 3). Never carries a password, PIN or token: callers pass field diffs. */
export function buildUserLog(input: {
  id: string;
  action: UserLogAction;
  target: Pick<User, 'id' | 'name'> | null;
  actor: Actor;
  now: Date;
  details?: string;
  fields?: FieldChange[];
}): UserLog {
  return {
    id: input.id,
    action: input.action,
    targetUserId: input.target?.id ?? null,
    targetUserName: input.target?.name ?? null,
    actorUserId: input.actor.id,
    actorUserName: input.actor.name,
    timestamp: input.now.toISOString(),
    ...(input.details ? { details: input.details } : {}),
    ...(input.fields ? { fields: input.fields } : {}),
  };
}
