import { fromPromise } from 'xstate';
import type { UserService } from '../../services/user.service';
import type { Notice } from '../toasts/notice';
import { accountDeletionMachine } from './account-deletion.machine';
import { dataExportMachine, type DataArchive } from './data-export.machine';

export interface DataExportDeps {
  user: Pick<UserService, 'downloadArchive'>;
  /** Hands the downloaded archive to the browser as a file. */
  saveArchive: (archive: DataArchive) => void;
}

/** Download my data, through the user service. */
export const provideDataExport = ({ user, saveArchive }: DataExportDeps) =>
  dataExportMachine.provide({
    actors: { downloadArchive: fromPromise(({ input, signal }) => user.downloadArchive(input.onProgress, signal)) },
    actions: { saveArchive: (_, archive) => saveArchive(archive) },
  });

export interface AccountDeletionDeps {
  user: Pick<UserService, 'deleteAccount'>;
  notify: (notice: Notice) => void;
  /** Ends the session once the account is gone. */
  signOut: () => void;
}

/** Delete my account, through the user service; then says so and signs out. */
export const provideAccountDeletion = ({ user, notify, signOut }: AccountDeletionDeps) =>
  accountDeletionMachine.provide({
    actors: { deleteAccount: fromPromise(({ input }) => user.deleteAccount(input)) },
    actions: {
      accountDeleted: () => {
        notify({ title: 'Your account was deleted.', toastType: 'success' });
        signOut();
      },
    },
  });
