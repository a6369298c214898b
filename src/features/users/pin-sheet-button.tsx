import { useState } from 'react';
import { Button } from 'react-aria-components';
import { appDb } from '../../db/database';
import type { User } from '../../domain/store/schema';
import { userActionRefusal } from '../../domain/users/user-rights';
import { frFirstMonthUx } from '../../i18n/fr-first-month-ux';
import { useSignedInSession } from '../../session/use-session';
import { PinSheetDialog } from './pin-sheet-dialog';
import type { UsersPageModel } from './use-users-page';
import { generateUserPin } from './users-service';

/** "Fiche des codes PIN" in the /users toolbar, and its dialog (issue 33 point 3). */
export function PinSheetButton({ model }: { model: UsersPageModel }) {
  const session = useSignedInSession();
  const [isOpen, setIsOpen] = useState(false);
  if (!session) return null;
  const manager = { userId: session.user.id, granted: session.granted };
  const { users, profiles, pinValidityDays } = model.data;
  const mayPin = (user: User) => userActionRefusal(manager, 'pin', user, profiles, users) === null;
  return (
    <>
      <Button className="button secondary" onPress={() => setIsOpen(true)}>
        {frFirstMonthUx.pinSheet.open}
      </Button>
      {isOpen ? (
        <PinSheetDialog
          isOpen={isOpen}
          onOpenChange={setIsOpen}
          users={users}
          profiles={profiles}
          mayPin={mayPin}
          generate={(userId) => generateUserPin(appDb(), userId)}
          pinValidityDays={pinValidityDays}
        />
      ) : null}
    </>
  );
}
