import { css } from 'styled-system/css';
import type { Artwork, ShowOnSiteReason } from '../../schemas/artwork.schema';
import { Checkbox } from '../ui/checkbox';

export const SHOW_ON_SITE_TEXT = {
  label: 'Show on my public site',
  why: {
    chosen: '',
    hasPicture: 'Shown once you publish, as it has a picture.',
    noPicture: 'Not shown while it has no picture, unless you tick this.',
    onlyPrivateCollections: 'Not shown: it is only in private collections, unless you tick this.',
  } satisfies Record<ShowOnSiteReason, string>,
} as const;

/**
 * Whether the next publish shows the work: ticked as the server says it stands (a new work has no picture yet),
 * and, until the artist chooses, why. Ticking or not is the artist's choice from then on.
 */
export function ShowOnSiteField({
  chosen,
  artwork,
  disabled,
  onChange,
}: {
  chosen: boolean | undefined;
  artwork: Artwork | null;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const why: ShowOnSiteReason = chosen !== undefined ? 'chosen' : (artwork?.showOnSiteWhy ?? 'noPicture');
  const checked = chosen ?? artwork?.showOnSite ?? false;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })} data-why={why}>
      <Checkbox label={SHOW_ON_SITE_TEXT.label} checked={checked} disabled={disabled} onCheckedChange={onChange} />
      {SHOW_ON_SITE_TEXT.why[why] ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{SHOW_ON_SITE_TEXT.why[why]}</p> : null}
    </div>
  );
}
