import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes/button';
import { ACCOUNTS_PATH } from '../../machines/connect-account/connect-account.machine';
import { Button } from '../ui/button';
import { CONNECT_TEXT } from './connect-text';

/**
 * The foot of both ways to connect Bluesky: the form's submit, Cancel back to the accounts, and the button to the other
 * way. All wait while the form is busy.
 */
export function ConnectFormActions({
  busy,
  submitLabel,
  otherWayLabel,
  onOtherWay,
}: {
  busy: boolean;
  submitLabel: string;
  otherWayLabel: string;
  onOtherWay: () => void;
}) {
  return (
    <>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Link href={ACCOUNTS_PATH} className={button({ variant: 'outline' })}>
          {CONNECT_TEXT.cancel}
        </Link>
      </div>
      <Button type="button" variant="link" disabled={busy} className={css({ alignSelf: 'flex-start' })} onClick={onOtherWay}>
        {otherWayLabel}
      </Button>
    </>
  );
}
