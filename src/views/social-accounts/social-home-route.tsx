import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { SOCIAL_MESSAGES } from '../../schemas/social.schema';

/** /social-media/account/:account: a placeholder reading 'Social Home' (requirements §2), naming the account. */
export default function SocialHomeRoute({ params }: { params: { account: string } }) {
  let handle = params.account;
  try {
    handle = decodeURIComponent(handle);
  } catch {
    // A malformed escape is shown as typed.
  }
  return (
    <section aria-labelledby="social-home-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <h1 id="social-home-title" className={css({ fontSize: '2xl', fontWeight: 'bold' })}>
        {SOCIAL_MESSAGES.socialHome}
      </h1>
      <p className={css({ color: 'fg.muted' })}>@{handle}</p>
      <Link
        href="/social-media/accounts"
        className={css({ color: 'accent.default', textDecoration: 'underline', alignSelf: 'flex-start' })}
      >
        Back to Social Media Accounts
      </Link>
    </section>
  );
}
