import type { ReactNode } from 'react';
import { emptyState } from 'styled-system/recipes/empty-state';

export interface EmptyStateProps {
  /** A drawing from ./illustrations, given the art slot's class. */
  art: (props: { className?: string }) => ReactNode;
  /** The required text, word for word. */
  message: ReactNode;
  /** One short sentence on what comes next. */
  invitation?: string;
  /** The one next step: a real link or button. */
  action: ReactNode;
}

/** An empty list or page, announced politely (role status) like the notice it replaces, with the one way forward. */
export function EmptyState({ art: Drawing, message, invitation, action }: EmptyStateProps) {
  const classes = emptyState();
  return (
    <div role="status" className={classes.root} data-empty-state="">
      <Drawing className={classes.art} />
      <p className={classes.message}>{message}</p>
      {invitation ? <p className={classes.invitation}>{invitation}</p> : null}
      <div className={classes.action}>{action}</div>
    </div>
  );
}
