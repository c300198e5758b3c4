import { styled } from 'styled-system/jsx/factory';
import { button } from 'styled-system/recipes/button';

/** A button styled by the button recipe: variant solid | outline | ghost | danger | link, size sm | md. */
export const Button = styled('button', button, { defaultProps: { type: 'button' } });
