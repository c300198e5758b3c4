import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { card } from 'styled-system/recipes/card';

/** The centred card every signed-out page sits in. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={css({ minH: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '4' })}>
      <div className={`${card()} ${css({ w: 'full', maxW: 'md', display: 'flex', flexDirection: 'column', gap: '4' })}`}>
        <p className={css({ fontWeight: 'bold', color: 'accent.default', fontSize: 'sm', letterSpacing: 'wide' })}>ARTIST STUDIO</p>
        <h1 className={css({ fontSize: '3xl', fontWeight: 'bold' })}>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
